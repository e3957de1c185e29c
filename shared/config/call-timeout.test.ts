import { describe, expect, it } from 'vitest';
import { callTimeoutOf } from './call-timeout';
import { DEFAULT_TIMEOUT_MS } from './schema';

describe('callTimeoutOf: how long one call may take', () => {
  const server = { command: 'x', timeoutMs: 20_000, timeouts: { export_report: 900_000 } };

  it('takes the tool’s own, then the server’s timeoutMs, then settings.defaultTimeoutMs, then 60 s', () => {
    const settings = { defaultTimeoutMs: 120_000 };
    expect(callTimeoutOf(server, settings, 'export_report')).toBe(900_000);
    expect(callTimeoutOf(server, settings, 'search')).toBe(20_000);
    expect(callTimeoutOf({ command: 'x', timeouts: { export_report: 900_000 } }, settings, 'search')).toBe(120_000);
    expect(callTimeoutOf({ command: 'x' }, undefined, 'search')).toBe(DEFAULT_TIMEOUT_MS);
    expect(callTimeoutOf({ command: 'x' }, {}, 'search')).toBe(60_000);
    expect(callTimeoutOf({ command: 'x', timeouts: { search: 300 } }, settings, 'search')).toBe(300);
  });

  it('reads a per-tool timeout for tools only: resources and prompts take the server’s', () => {
    expect(callTimeoutOf(server, undefined)).toBe(20_000);
    expect(callTimeoutOf({ type: 'http', url: 'https://x.example/mcp', timeouts: { a: 500 } }, { defaultTimeoutMs: 5000 })).toBe(5000);
  });

  it('finds only names the entry has, never what every object inherits', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(callTimeoutOf(server, undefined, name), name).toBe(20_000);
    }
  });
});
