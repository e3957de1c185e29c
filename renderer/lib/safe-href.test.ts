import { describe, expect, it } from 'vitest';
import { safeHref, serverContentHref } from './safe-href';

describe('safeHref', () => {
  it('allows https and loopback http', () => {
    expect(safeHref('https://example.com/device')).toBe('https://example.com/device');
    expect(safeHref('http://127.0.0.1:8080/cb')).toBe('http://127.0.0.1:8080/cb');
    expect(safeHref('http://127.5.6.7/x')).toBe('http://127.5.6.7/x');
    expect(safeHref('http://localhost:3000/')).toBe('http://localhost:3000/');
    expect(safeHref('http://[::1]:9/a')).toBe('http://[::1]:9/a');
  });

  it('refuses http to anywhere else', () => {
    expect(safeHref('http://example.com/')).toBeUndefined();
    expect(safeHref('http://127.0.0.1.evil.com/')).toBeUndefined();
    expect(safeHref('http://10.0.0.1/')).toBeUndefined();
    expect(safeHref('http://accounts.google.com.localhost:8080/o/oauth2/device')).toBeUndefined();
  });

  it('refuses script, data, file and other schemes, however they are spelled', () => {
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'vbscript:x', 'ftp://example.com', 'about:blank']) {
      expect(safeHref(bad)).toBeUndefined();
    }
  });

  it('refuses relative, padded, empty and credential-carrying values', () => {
    for (const bad of ['/relative', '//example.com/x', ' https://example.com', 'https://example.com\n', '', 'https://user:pw@example.com/']) {
      expect(safeHref(bad)).toBeUndefined();
    }
    expect(safeHref(undefined)).toBeUndefined();
    expect(safeHref(null)).toBeUndefined();
  });

  it('returns the normalised form the browser would follow', () => {
    expect(safeHref('https://EXAMPLE.com')).toBe('https://example.com/');
  });
});

// A tool result's resource_link must not be a one-click link to http://127.0.0.1 for the person.
describe('serverContentHref: a URL inside what a server or registry sent', () => {
  it('is a link only when https to a public-looking name', () => {
    expect(serverContentHref('https://github.com/o/r/issues/1')).toBe('https://github.com/o/r/issues/1');
    expect(serverContentHref('https://docs.example.co.uk/a?b=c')).toBe('https://docs.example.co.uk/a?b=c');
  });

  it('is text for this computer, its network, IP literals, one-label and local names', () => {
    for (const local of [
      'http://127.0.0.1:8080/admin', 'http://localhost:3000/', 'https://localhost/', 'https://127.0.0.1/', 'https://10.0.0.7/', 'https://169.254.169.254/latest',
      'https://[::1]/', 'https://[fe80::1]/', 'https://intranet/', 'https://printer.local/', 'https://db.internal/', 'https://nas.lan/', 'https://x.home.arpa/',
      'https://app.localhost/', 'https://router.local./x', 'http://example.com/', 'javascript:alert(1)', 'file:///etc/passwd',
    ]) {
      expect(serverContentHref(local), local).toBeUndefined();
    }
  });
});

// `https://localhost../` and names that spell a local address are no links either.
describe('serverContentHref: names that lead here whatever their spelling', () => {
  it('is text for localhost with any number of trailing dots, and its sub-names', () => {
    for (const local of ['https://localhost./', 'https://localhost../', 'https://LOCALHOST.../x', 'https://foo.localhost./', 'https://foo.localhost../', 'https://localhost%2e/', 'https://localhost.localdomain/']) {
      expect(serverContentHref(local), local).toBeUndefined();
    }
  });

  it('is text for IPv4 written in decimal, hex, octal or short form, and for 0.0.0.0 and IPv6 loopback forms', () => {
    for (const local of ['http://2130706433/', 'https://2130706433/', 'https://0x7f000001/', 'https://0x7f.1/', 'https://017700000001/', 'https://127.1/', 'https://127.0.0.1./', 'https://0/', 'https://0.0.0.0/', 'https://3232235777/', 'https://[::ffff:127.0.0.1]/', 'https://[0:0:0:0:0:0:0:1]/']) {
      expect(serverContentHref(local), local).toBeUndefined();
    }
  });

  it('is text for names that spell an address (wildcard DNS) and names kept to answer 127.0.0.1', () => {
    for (const local of ['https://127.0.0.1.nip.io/', 'https://app.10.0.0.7.nip.io/', 'https://192-168-1-1.sslip.io/', 'https://x-169-254-169-254.sslip.io/', 'https://localtest.me/', 'https://a.lvh.me/']) {
      expect(serverContentHref(local), local).toBeUndefined();
    }
  });

  it('still links public names that merely hold digits', () => {
    for (const open of ['https://www.w3.org/TR/', 'https://web3.example.com/', 'https://v1.2.example.com/', 'https://my-localhost-notes.example.com/', 'https://a1-b2.example.org/']) {
      expect(serverContentHref(open), open).toBe(open);
    }
  });
});
