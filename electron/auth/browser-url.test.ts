import { describe, expect, it } from 'vitest';
import { checkedBrowserUrl, checkedUrlDestination } from './browser-url';
import type { Resolver } from './endpoint-fetch';
import type { Reach } from '../net';

/** Each name answers the addresses given; the names asked are kept. */
function resolverOf(table: Record<string, string[]>): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolver = (hostname: string) => {
    asked.push(hostname);
    const answer = table[hostname];
    if (answer === undefined) return Promise.reject(new Error('ENOTFOUND'));
    return Promise.resolve(answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
  return Object.assign(resolver, { asked });
}

describe('checkedBrowserUrl for a link in what a server sent (reach public)', () => {
  const resolver = resolverOf({
    'localtest.me': ['127.0.0.1'],
    '127.0.0.1.nip.io': ['127.0.0.1'],
    'v6.example.test': ['::1'],
    'mapped.example.test': ['::ffff:127.0.0.1'],
    'mapped-private.example.test': ['::ffff:192.168.1.1'],
    'router.example.test': ['10.0.0.7'],
    'cgnat.example.test': ['100.64.1.1'],
    'ula.example.test': ['fd12::1'],
    'meta.example.test': ['169.254.169.254'],
    'linklocal6.example.test': ['fe80::1'],
    'zero.example.test': ['0.0.0.0'],
    'mixed.example.test': ['203.0.113.7', '127.0.0.1'],
    'docs.example.com': ['203.0.113.7', '2001:db8::7'],
  });
  const check = (url: string) => checkedBrowserUrl(url, 'to open', 'public', resolver);

  it('refuses a name that resolves to this computer, a private network, link-local or unspecified addresses, saying why', async () => {
    const cases: [string, string][] = [
      ['https://localtest.me:8443/admin', 'localtest.me resolves to 127.0.0.1: it points at this computer'],
      ['https://127.0.0.1.nip.io/', '127.0.0.1.nip.io resolves to 127.0.0.1: it points at this computer'],
      ['https://v6.example.test/', 'v6.example.test resolves to ::1: it points at this computer'],
      ['https://mapped.example.test/', 'mapped.example.test resolves to ::ffff:127.0.0.1: it points at this computer'],
      ['https://mapped-private.example.test/', 'resolves to ::ffff:192.168.1.1: it points at a private network'],
      ['https://router.example.test/setup', 'router.example.test resolves to 10.0.0.7: it points at a private network'],
      ['https://cgnat.example.test/', 'resolves to 100.64.1.1: it points at a private network'],
      ['https://ula.example.test/', 'resolves to fd12::1: it points at a private network'],
      ['https://meta.example.test/', 'resolves to 169.254.169.254, a link-local address'],
      ['https://linklocal6.example.test/', 'resolves to fe80::1, a link-local address (fe80::/10)'],
      ['https://zero.example.test/', 'resolves to 0.0.0.0, an unspecified address'],
      // Every address counts: the browser may pick any of them.
      ['https://mixed.example.test/', 'mixed.example.test resolves to 127.0.0.1: it points at this computer'],
    ];
    for (const [url, why] of cases) {
      await expect(check(url), url).rejects.toMatchObject({ code: 'denied', message: expect.stringContaining(why) as string });
    }
  });

  it('refuses the written forms without a look-up, and a name that does not resolve', async () => {
    resolver.asked.length = 0;
    for (const url of ['http://127.0.0.1:8080/', 'https://[::1]/', 'https://localhost/', 'https://192.168.0.1/', 'https://[::ffff:7f00:1]/']) {
      await expect(check(url), url).rejects.toMatchObject({ code: 'denied' });
    }
    expect(resolver.asked).toEqual([]);
    await expect(check('https://gone.example.test/')).rejects.toMatchObject({ code: 'server_unavailable', message: expect.stringContaining('Could not resolve gone.example.test') as string });
  });

  it('passes a name whose every address is public', async () => {
    await expect(check('https://docs.example.com/guide')).resolves.toMatchObject({ href: 'https://docs.example.com/guide' });
  });
});

describe('checkedUrlDestination: a URL a server hands to an agent’s client (review: other schemes passed unchecked)', () => {
  const resolver = resolverOf({ 'docs.example.com': ['203.0.113.7'], 'localtest.me': ['127.0.0.1'], 'evil.example': ['203.0.113.9'] });
  const check = (url: string, reach: Reach) => checkedUrlDestination(url, 'to hand to the agent', reach, resolver);

  it.each([
    ['smb://10.0.0.1/share', /not smb:/],
    ['ldap://169.254.169.254/', /not ldap:/],
    ['ws://127.0.0.1:9222/devtools/browser', /not ws:/],
    ['wss://10.0.0.1/', /not wss:/],
    ['gopher://127.0.0.1:6379/_FLUSHALL', /not gopher:/],
    ['ftp://127.0.0.1/', /not ftp:/],
    ['vscode://file/etc/passwd', /not vscode:/],
    ['javascript:alert(document.cookie)', /not javascript:/],
    [' JaVaScRiPt:alert(1)', /not javascript:/],
    ['java\tscript:alert(1)', /not javascript:/],
    ['data:text/html,<script>alert(1)</script>', /not data:/],
    ['vbscript:msgbox(1)', /not vbscript:/],
    ['ms-settings:privacy', /not ms-settings:/],
    ['file:///etc/passwd', /not file:/],
    ['https://user:pass@docs.example.com/', /carries credentials/],
    ['https://paypal.com@evil.example/', /carries credentials/],
    ['https://exаmple.com/', /internationalized/],
    ['https://docs.example.com/\u202egpj.exe', /control or formatting characters/],
    ['http://docs.example.com/', /not http:/],
  ])('%s is refused, even from a server on this computer', async (url, why) => {
    for (const reach of ['public', 'loopback'] as const) {
      await expect(check(url, reach), `${url} at ${reach}`).rejects.toMatchObject({ code: 'denied', message: expect.stringMatching(why) as string });
    }
  });

  it('a public https page passes from any server; a page on this computer only from a server on it', async () => {
    await expect(check('https://docs.example.com/guide', 'public')).resolves.toMatchObject({ href: 'https://docs.example.com/guide' });
    await expect(check('http://127.0.0.1:8080/confirm', 'loopback')).resolves.toMatchObject({ host: '127.0.0.1:8080' });
    await expect(check('https://localtest.me/confirm', 'loopback')).resolves.toMatchObject({ hostname: 'localtest.me' });
    await expect(check('http://127.0.0.1:8080/confirm', 'public')).rejects.toMatchObject({ message: expect.stringContaining('this computer') as string });
    await expect(check('https://localtest.me/confirm', 'public')).rejects.toMatchObject({ message: expect.stringContaining('localtest.me resolves to 127.0.0.1') as string });
  });

  it('hands on a query holding | { } ^ or a backquote percent-encoded, and still refuses a hidden character there', async () => {
    await expect(check('https://docs.example.com/authorize?state=auth0|abc&claims={"a":1}^`', 'public')).resolves.toMatchObject({
      href: 'https://docs.example.com/authorize?state=auth0%7Cabc&claims=%7B%22a%22:1%7D%5E%60',
    });
    for (const url of ['https://docs.example.com/authorize?state=a|b\u202ec', 'https://docs.example.com/authorize?state={a\u0007}']) {
      await expect(check(url, 'public'), url).rejects.toMatchObject({ code: 'denied', message: expect.stringContaining('control or formatting characters') as string });
    }
  });
});
