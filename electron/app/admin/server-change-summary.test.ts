import { describe, expect, it } from 'vitest';
import { summarize } from './admin-summary';
import { serverChange } from './server-change-summary';

describe('serverChange: what a server edit changes', () => {
  const stdio = { command: 'node', args: ['a.js'], env: { TOKEN: '${secret:T}', MODE: 'x' }, timeoutMs: 5000 };

  it('names only the settings that change, from what to what', () => {
    expect(serverChange(stdio, { ...stdio, args: ['b.js'], timeoutMs: 9000, enabled: false })).toBe('arguments a.js → b.js; enabled on → off; call timeout 5000 ms → 9000 ms');
    expect(serverChange(stdio, stdio)).toBe('nothing');
  });

  it('names environment and header names, never their values', () => {
    const line = serverChange(stdio, { ...stdio, env: { TOKEN: '${secret:OTHER}', NEW: 'sk-value-1234' } });
    expect(line).toBe('environment TOKEN changed; environment NEW added; environment MODE removed');
    const http = { type: 'http' as const, url: 'https://a.example/mcp', headers: { Authorization: 'Bearer ${secret:A}' } };
    expect(serverChange(http, { ...http, url: 'https://b.example/mcp', headers: { 'X-Key': 'v' } })).toBe('URL https://a.example/mcp → https://b.example/mcp; header X-Key added; header Authorization removed');
  });

  it('names arguments changed, without values, when only a hidden secret argument differs', () => {
    const withToken = { command: 'node', args: ['a.js', '--token', 'sk-first-1234'] };
    const line = serverChange(withToken, { ...withToken, args: ['a.js', '--token', 'sk-second-5678'] });
    expect(line).toBe('arguments changed');
    expect(line).not.toContain('sk-');
  });

  it('names a change of type, per-tool timeouts and the other fields', () => {
    const line = serverChange(stdio, { type: 'http', url: 'https://a.example/mcp', timeoutMs: 5000, timeouts: { slow: 300 }, description: 'd' });
    expect(line).toBe('type stdio → http; URL none → https://a.example/mcp; environment TOKEN removed; environment MODE removed; timeout of slow default → 300 ms; description changed');
  });

  it('is the log line of updateServer given the entry as it is; the whole new entry without it', () => {
    const input = { name: 'files', config: { ...stdio, command: 'bun' } };
    expect(summarize('updateServer', input, { server: stdio })).toBe('change the server "files": command node → bun');
    expect(summarize('updateServer', input)).toBe('change the server "files" to: bun a.js (environment: TOKEN, MODE)');
  });
});
