import { describe, expect, it } from 'vitest';
import { safeHref } from './safe-href';

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
