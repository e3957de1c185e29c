import { describe, expect, it } from 'vitest';
import { appCsp, isAllowedSource } from './app-csp';

function directives(csp: string): Map<string, string> {
  return new Map(csp.split('; ').map((part) => [part.split(' ')[0] ?? '', part.slice(part.indexOf(' ') + 1)]));
}

describe('appCsp', () => {
  it('allows nothing beyond inline code by default', () => {
    const csp = directives(appCsp(undefined, ['http://127.0.0.1:4000']));
    expect(csp.get('default-src')).toBe("'none'");
    expect(csp.get('connect-src')).toBe("'none'");
    expect(csp.get('frame-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'none'");
    expect(csp.get('form-action')).toBe("'none'");
    expect(csp.get('script-src')).toBe("'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toBe('http://127.0.0.1:4000');
    expect(csp.get('sandbox')).toBe('allow-scripts');
  });

  it('adds exactly the declared origins to their directives', () => {
    const csp = directives(
      appCsp({ connectDomains: ['https://api.example.com', 'wss://live.example.com'], resourceDomains: ['https://*.cdn.example'], frameDomains: ['https://www.youtube.com'] }, []),
    );
    expect(csp.get('connect-src')).toBe('https://api.example.com wss://live.example.com');
    expect(csp.get('script-src')).toBe("'unsafe-inline' https://*.cdn.example");
    expect(csp.get('img-src')).toBe('data: blob: https://*.cdn.example');
    expect(csp.get('frame-src')).toBe('https://www.youtube.com');
    expect(csp.get('frame-ancestors')).toBe("'none'");
  });

  it('drops declarations that would rewrite the policy instead of adding an origin', () => {
    for (const hostile of ["'unsafe-eval'", '*', 'https://a.example; script-src *', 'data:', 'http://evil.example', 'https://a.example/path', "https://a.example'", 'javascript:', 'https://*', 'https://a.*.example']) {
      expect(isAllowedSource(hostile), hostile).toBe(false);
      const csp = directives(appCsp({ connectDomains: [hostile], resourceDomains: [hostile] }, [hostile]));
      expect(csp.get('connect-src'), hostile).toBe("'none'");
      expect(csp.get('script-src'), hostile).toBe("'unsafe-inline'");
      expect(csp.get('frame-ancestors'), hostile).toBe("'none'");
    }
    expect(isAllowedSource('http://127.0.0.1:8080')).toBe(true);
    expect(isAllowedSource('https://api.example.com:8443')).toBe(true);
  });

  it('refuses a wildcard over a whole top-level or country second-level domain, keeps one inside a domain', () => {
    for (const wide of ['https://*.com', 'wss://*.io:443', 'https://*.co.uk', 'https://*.com.au', 'https://*.ne.jp']) expect(isAllowedSource(wide), wide).toBe(false);
    for (const fine of ['https://*.example.com', 'https://*.example.co.uk', 'https://*.github.io', 'https://cdn.example.com']) expect(isAllowedSource(fine), fine).toBe(true);
  });

  it('refuses a host ending in a number unless it is a plain IPv4 address: a wildcard over it would match addresses', () => {
    for (const numeric of ['https://*.0.1:8443', 'https://*.0.0.1', 'wss://*.168.1.1', 'https://*.254.169.254', 'https://*.10.0.0.1', 'https://127.1', 'https://2130706433', 'https://0x7f.0.0.1', 'https://010.0.0.1', 'https://a.1', 'https://127.0.0.0x1', 'https://*.0x1:8443', 'https://*.0x']) {
      expect(isAllowedSource(numeric), numeric).toBe(false);
      const csp = directives(appCsp({ connectDomains: [numeric], resourceDomains: [numeric], frameDomains: [numeric] }, []));
      expect(csp.get('connect-src'), numeric).toBe("'none'");
      expect(csp.get('script-src'), numeric).toBe("'unsafe-inline'");
      expect(csp.get('frame-src'), numeric).toBe("'none'");
    }
    for (const fine of ['https://10.0.0.1', 'https://8.8.8.8:443', 'https://*.1example.com', 'https://cdn1.example']) expect(isAllowedSource(fine), fine).toBe(true);
  });
});
