import { describe, expect, it } from 'vitest';
import { convertEntry } from './import-convert';

function reason(entry: unknown): string {
  const result = convertEntry(entry, 'cursor');
  if (result.ok) throw new Error('expected the entry to be skipped');
  return result.reason;
}

describe('convertEntry', () => {
  it('takes stdio entries with or without type, dropping the type', () => {
    expect(convertEntry({ command: 'npx', args: ['-y', 'x'], env: { A: '1' }, cwd: '/srv' }, 'cursor')).toEqual({
      ok: true,
      config: { command: 'npx', args: ['-y', 'x'], env: { A: '1' }, cwd: '/srv' },
    });
    expect(convertEntry({ type: 'stdio', command: 'uvx' }, 'cursor')).toEqual({ ok: true, config: { command: 'uvx' } });
  });

  it('takes http entries, and url entries without type as http (Cursor)', () => {
    expect(convertEntry({ type: 'http', url: 'https://x.test/mcp', headers: { A: 'b' } }, 'cursor')).toEqual({
      ok: true,
      config: { type: 'http', url: 'https://x.test/mcp', headers: { A: 'b' } },
    });
    expect(convertEntry({ url: 'https://x.test/mcp' }, 'cursor')).toEqual({ ok: true, config: { type: 'http', url: 'https://x.test/mcp' } });
  });

  it('keeps "disabled" as enabled: false and drops fields we have no use for', () => {
    expect(convertEntry({ command: 'x', disabled: true, autoApprove: ['t'] }, 'cursor')).toEqual({
      ok: true,
      config: { command: 'x', enabled: false },
    });
  });

  it('skips SSE and unknown transports, saying why', () => {
    expect(reason({ type: 'sse', url: 'https://x.test/sse' })).toMatch(/SSE/);
    expect(reason({ type: 'websocket', url: 'ws://x' })).toMatch(/unsupported transport "websocket"/);
  });

  it('skips VS Code input prompts anywhere in the entry', () => {
    expect(reason({ type: 'http', url: 'https://x.test', headers: { Authorization: 'Bearer ${input:tok}' } })).toMatch(/\$\{input:/);
    expect(reason({ command: 'x', args: ['--key', '${input:key}'] })).toMatch(/input/);
  });

  it('skips entries without command or url, with envFile, or that are not objects', () => {
    expect(reason({ args: ['x'] })).toMatch(/neither "command" nor "url"/);
    expect(reason({ command: 'x', envFile: '.env' })).toMatch(/envFile/);
    expect(reason('npx server')).toMatch(/not an object/);
  });

  it('skips invalid entries with the parse message naming the field', () => {
    expect(reason({ command: 5 })).toMatch(/"command" expected string, got number 5/);
    expect(reason({ url: 'ftp://x.test' })).toMatch(/"url"/);
    expect(reason({ command: 'x', args: 'not-a-list' })).toMatch(/"args"/);
  });

  it('redacts secrets in reasons', () => {
    expect(reason({ command: 'x', env: { API_TOKEN: 12345678 }, args: 'Bearer abcdefghijk' })).not.toContain('abcdefghijk');
  });

  it("skips an entry that reads this app's secrets, which the import did not bring, naming what it reads", () => {
    for (const source of ['claude-code', 'claude-desktop', 'cursor', 'vscode'] as const) {
      const skipped = (entry: unknown) => {
        const result = convertEntry(entry, source);
        return result.ok ? 'taken' : result.reason;
      };
      expect(skipped({ command: 'node', env: { X: '${secret:OTHER_TOKEN}' } })).toMatch(/reads your stored secret OTHER_TOKEN \(\$\{secret:OTHER_TOKEN\}\), which this import did not bring/);
      expect(skipped({ command: 'node', env: { Y: '${secretFile:OTHER_TOKEN}' } })).toMatch(/OTHER_TOKEN/);
      expect(skipped({ command: 'node', args: ['--token=${secret:pass:work/gh}'] })).toMatch(/secret store "pass"/);
      expect(skipped({ url: 'https://x.test/mcp', headers: { Authorization: 'Bearer ${secret:GH}' } })).toMatch(/GH/);
      expect(skipped({ url: 'https://x.test/mcp?k=${secret:GH}' })).toMatch(/GH/);
      // Another client's own `${VAR}` and an escaped `$${…}` read nothing here.
      expect(skipped({ command: 'node', env: { A: '${GITHUB_TOKEN}', B: '$${secret:X}', C: '$${token:gh}' } })).toBe('taken');
      // `${token:SERVER}` hands over another server's sign-in token, as `${secret:…}` a stored secret.
      expect(skipped({ command: 'node', env: { GITHUB_TOKEN: '${token:gh}' } })).toMatch(/reads the sign-in token of your server "gh" \(\$\{token:gh\}\), which this import did not bring/);
      expect(skipped({ command: 'node', args: ['--token', 'Bearer ${token:mail}'] })).toMatch(/"mail"/);
      expect(skipped({ command: 'node', env: { T: '${token}' } })).toMatch(/reads a sign-in token \(\$\{token\}\)/);
    }
  });

  it('keeps ${env:…} from Cursor and VS Code, whose own syntax it is, and skips it from the Claude clients', () => {
    const entry = { command: 'node', env: { GITHUB_TOKEN: '${env:GITHUB_TOKEN}' } };
    expect(convertEntry(entry, 'cursor').ok).toBe(true);
    expect(convertEntry(entry, 'vscode').ok).toBe(true);
    for (const source of ['claude-code', 'claude-desktop'] as const) {
      const result = convertEntry(entry, source);
      expect(result.ok ? '' : result.reason).toMatch(/the environment variable GITHUB_TOKEN/);
    }
  });
});
