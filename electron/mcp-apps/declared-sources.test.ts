import { describe, expect, it } from 'vitest';
import { declaredSources, withinSources } from './declared-sources';

describe('declared sources of an app', () => {
  it('keeps what appCsp keeps, from connect, resource and frame domains', () => {
    expect(declaredSources({ connectDomains: ['https://API.example.com/', "'self'", '*'], resourceDomains: ['https://*.cdn.example'], frameDomains: ['javascript:alert(1)'] })).toEqual([
      'https://api.example.com',
      'https://*.cdn.example',
    ]);
    expect(declaredSources(undefined)).toEqual([]);
  });

  it('matches as CSP matches a host source: scheme, host or subdomain, port', () => {
    const sources = ['https://api.example.com', 'https://*.cdn.example', 'http://127.0.0.1:8080', 'wss://live.example.com'];
    expect(withinSources('https://api.example.com/v1/x', sources)).toBe(true);
    expect(withinSources('https://api.example.com:443/v1/x', sources)).toBe(true);
    expect(withinSources('https://a.b.cdn.example/lib.js', sources)).toBe(true);
    expect(withinSources('http://127.0.0.1:8080/data', sources)).toBe(true);
    expect(withinSources('wss://live.example.com/socket', sources)).toBe(true);
    for (const url of ['http://api.example.com/', 'https://api.example.com:8443/', 'https://evil.api.example.com/', 'https://cdn.example/', 'https://cdn.example.evil/', 'http://127.0.0.1:8081/', 'https://example.com/', 'not a url']) {
      expect(withinSources(url, sources), url).toBe(false);
    }
    expect(withinSources('https://api.example.com/', [])).toBe(false);
  });

  it('never matches a wildcard against an address, nor keeps a wildcard over numbers', () => {
    expect(declaredSources({ connectDomains: ['https://*.0.1:8443', 'wss://*.0.0.1'], resourceDomains: ['https://*.254.169.254'], frameDomains: ['https://127.1'] })).toEqual([]);
    const numeric = ['https://*.0.1:8443', 'https://*.0.0.1:8443', 'https://*.254.169.254', 'https://*.168.1.1', 'https://*.1'];
    for (const url of ['https://127.0.0.1:8443/', 'https://10.0.0.1:8443/', 'https://169.254.169.254/latest', 'https://192.168.1.1/', 'https://[::1]/']) {
      expect(withinSources(url, numeric), url).toBe(false);
    }
  });
});
