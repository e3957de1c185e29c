import { describe, expect, it } from 'vitest';
import { clearTextWarning } from './clear-text-url';

describe('clearTextWarning', () => {
  it('warns for plain http to another computer, by name or address', () => {
    for (const url of ['http://notes.example.com/mcp', 'http://10.0.0.5:8080/mcp', 'HTTP://Example.COM', 'http://[2001:db8::1]/mcp', 'http://128.0.0.1/']) {
      expect(clearTextWarning(url), url).toMatch(/is not encrypted \(http\): the tokens and secrets sent to it would travel in clear over the network\. Use https:\/\//);
    }
  });

  it('stays silent for https, for loopback http, and for what is no URL (the schema says that)', () => {
    for (const url of ['https://notes.example.com/mcp', 'http://127.0.0.1:3000/mcp', 'http://127.8.9.10/', 'http://localhost/mcp', 'http://app.localhost/', 'http://[::1]:9/mcp', 'http://[::ffff:127.0.0.1]/', 'not a url']) {
      expect(clearTextWarning(url), url).toBeUndefined();
    }
  });
});
