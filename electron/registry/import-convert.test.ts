import { describe, expect, it } from 'vitest';
import { convertEntry } from './import-convert';

function reason(entry: unknown): string {
  const result = convertEntry(entry);
  if (result.ok) throw new Error('expected the entry to be skipped');
  return result.reason;
}

describe('convertEntry', () => {
  it('takes stdio entries with or without type, dropping the type', () => {
    expect(convertEntry({ command: 'npx', args: ['-y', 'x'], env: { A: '1' }, cwd: '/srv' })).toEqual({
      ok: true,
      config: { command: 'npx', args: ['-y', 'x'], env: { A: '1' }, cwd: '/srv' },
    });
    expect(convertEntry({ type: 'stdio', command: 'uvx' })).toEqual({ ok: true, config: { command: 'uvx' } });
  });

  it('takes http entries, and url entries without type as http (Cursor)', () => {
    expect(convertEntry({ type: 'http', url: 'https://x.test/mcp', headers: { A: 'b' } })).toEqual({
      ok: true,
      config: { type: 'http', url: 'https://x.test/mcp', headers: { A: 'b' } },
    });
    expect(convertEntry({ url: 'https://x.test/mcp' })).toEqual({ ok: true, config: { type: 'http', url: 'https://x.test/mcp' } });
  });

  it('keeps "disabled" as enabled: false and drops fields we have no use for', () => {
    expect(convertEntry({ command: 'x', disabled: true, autoApprove: ['t'] })).toEqual({
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
});
