import { describe, expect, it } from 'vitest';
import { blockedPortWarning } from './blocked-port';

describe('blockedPortWarning', () => {
  it('names the port fetch will not use, for http and https, by name or address', () => {
    const cases: Array<[string, string]> = [
      ['http://127.0.0.1:6000/mcp', '6000'],
      ['https://notes.example.com:22/mcp', '22'],
      ['http://[::1]:9/mcp', '9'],
      ['HTTP://LOCALHOST:10080', '10080'],
    ];
    for (const [url, port] of cases) {
      expect(blockedPortWarning(url), url).toMatch(new RegExp(`^port ${port} of .+ is one fetch never connects to \\(the Fetch Standard blocks it\\), so the service cannot be reached there\\. Serve it on another port`));
    }
  });

  it('stays silent for ports fetch uses, default ports, other schemes and what is no URL', () => {
    for (const url of ['http://127.0.0.1:3000/mcp', 'https://notes.example.com/mcp', 'http://example.com:80/', 'https://example.com:443/', 'http://127.0.0.1:6001/', 'http://127.0.0.1:5999/', 'ftp://example.com:21/', 'not a url', 'http://127.0.0.1:60000/']) {
      expect(blockedPortWarning(url), url).toBeUndefined();
    }
  });
});
