import { describe, expect, it } from 'vitest';
import { callTimeout } from './call-timeout';
import { DEFAULT_TIMEOUT_MS, type ServerConfig, type Settings } from './schema';

const ms = (config: ServerConfig, settings: Settings | undefined, tool?: string): number => callTimeout('r', config, settings, tool).ms;

describe('callTimeout: how long one call may take', () => {
  const server = { command: 'x', timeoutMs: 20_000, timeouts: { export_report: 900_000 } };

  it('takes the tool’s own, then the server’s timeoutMs, then settings.defaultTimeoutMs, then 60 s', () => {
    const settings = { defaultTimeoutMs: 120_000 };
    expect(ms(server, settings, 'export_report')).toBe(900_000);
    expect(ms(server, settings, 'search')).toBe(20_000);
    expect(ms({ command: 'x', timeouts: { export_report: 900_000 } }, settings, 'search')).toBe(120_000);
    expect(ms({ command: 'x' }, undefined, 'search')).toBe(DEFAULT_TIMEOUT_MS);
    expect(ms({ command: 'x' }, {}, 'search')).toBe(60_000);
    expect(ms({ command: 'x', timeouts: { search: 300 } }, settings, 'search')).toBe(300);
  });

  it('names the field that set it, for the hint of a timeout', () => {
    expect(callTimeout('r', server, undefined, 'export_report').raise).toBe('"export_report" in the "timeouts" of "r"');
    expect(callTimeout('r', server, undefined, 'search').raise).toBe('"timeoutMs" of "r"');
    expect(callTimeout('r', { command: 'x' }, { defaultTimeoutMs: 5000 }).raise).toBe('"settings.defaultTimeoutMs" (or set "timeoutMs" of "r")');
    expect(callTimeout('r', { command: 'x' }, undefined).raise).toBe('"timeoutMs" of "r" (or "settings.defaultTimeoutMs" for every server)');
  });

  it('reads a per-tool timeout for tools only: resources and prompts take the server’s', () => {
    expect(ms(server, undefined)).toBe(20_000);
    expect(ms({ type: 'http', url: 'https://x.example/mcp', timeouts: { a: 500 } }, { defaultTimeoutMs: 5000 })).toBe(5000);
  });

  it('finds only names the entry has, never what every object inherits', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(ms(server, undefined, name), name).toBe(20_000);
    }
  });
});
