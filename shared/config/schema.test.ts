import { describe, expect, it } from 'vitest';
import { DEFAULT_IDLE_TIMEOUT_MS, HttpServerSchema, MAX_TOOL_TIMEOUTS, MAX_URL_CHARS, SettingsSchema, StdioServerSchema, idleTimeoutOf } from './schema';

describe('idleTimeoutMs', () => {
  it('is accepted per server and in settings; 0 means never; negative or over a day is refused', () => {
    expect(StdioServerSchema.safeParse({ command: 'node', idleTimeoutMs: 500 }).success).toBe(true);
    expect(StdioServerSchema.safeParse({ command: 'node', idleTimeoutMs: 0 }).success).toBe(true);
    expect(HttpServerSchema.safeParse({ type: 'http', url: 'https://x.example/mcp', idleTimeoutMs: 1000 }).success).toBe(true);
    expect(SettingsSchema.safeParse({ idleTimeoutMs: 0 }).success).toBe(true);
    expect(StdioServerSchema.safeParse({ command: 'node', idleTimeoutMs: -1 }).success).toBe(false);
    expect(StdioServerSchema.safeParse({ command: 'node', idleTimeoutMs: 86_400_001 }).success).toBe(false);
    expect(SettingsSchema.safeParse({ idleTimeoutMs: 1.5 }).success).toBe(false);
  });

  it('takes the server’s own value, else the settings’ default, else 10 minutes', () => {
    expect(DEFAULT_IDLE_TIMEOUT_MS).toBe(600_000);
    expect(idleTimeoutOf({ command: 'x' }, undefined)).toBe(600_000);
    expect(idleTimeoutOf({ command: 'x' }, { idleTimeoutMs: 0 })).toBe(0);
    expect(idleTimeoutOf({ command: 'x', idleTimeoutMs: 500 }, { idleTimeoutMs: 0 })).toBe(500);
  });
});

describe('settings.inputRoundWindowMs: how long a 2026-07-28 agent has to retry', () => {
  it('takes 1 s … 1 h, whole ms; refuses the rest with a message that says the bound', () => {
    for (const ok of [1_000, 300_000, 3_600_000]) expect(SettingsSchema.safeParse({ inputRoundWindowMs: ok }).success, String(ok)).toBe(true);
    for (const bad of [999, 0, -1, 3_600_001, 1.5, '300000', null]) expect(SettingsSchema.safeParse({ inputRoundWindowMs: bad }).success, String(bad)).toBe(false);
    expect(SettingsSchema.safeParse({ inputRoundWindowMs: 5 }).error?.issues[0]?.message).toBe('must be a whole number of ms from 1000 to 3600000 (1 s to 3600 s)');
  });
});

describe('settings.inputRoundQuietMs and inputRoundGatherMaxMs: how a round gathers a server\'s requests', () => {
  it('quiet 0 … 5 s, bound 0 … 60 s, whole ms; the bound not below the quiet', () => {
    for (const ok of [{ inputRoundQuietMs: 0 }, { inputRoundQuietMs: 5_000 }, { inputRoundGatherMaxMs: 60_000 }, { inputRoundQuietMs: 20, inputRoundGatherMaxMs: 20 }]) {
      expect(SettingsSchema.safeParse(ok).success, JSON.stringify(ok)).toBe(true);
    }
    for (const bad of [{ inputRoundQuietMs: -1 }, { inputRoundQuietMs: 5_001 }, { inputRoundQuietMs: 1.5 }, { inputRoundGatherMaxMs: 60_001 }, { inputRoundGatherMaxMs: '100' }]) {
      expect(SettingsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    const inverted = SettingsSchema.safeParse({ inputRoundQuietMs: 500, inputRoundGatherMaxMs: 100 });
    expect(inverted.error?.issues[0]?.path).toEqual(['inputRoundGatherMaxMs']);
    expect(inverted.error?.issues[0]?.message).toContain('inputRoundQuietMs (500)');
  });
});

describe('call timeouts: settings.defaultTimeoutMs and a server’s timeouts per tool', () => {
  it('takes settings.defaultTimeoutMs bounded like timeoutMs: 100 ms … 1 h, whole ms', () => {
    for (const ok of [100, 60_000, 3_600_000]) expect(SettingsSchema.safeParse({ defaultTimeoutMs: ok }).success, String(ok)).toBe(true);
    for (const bad of [99, 0, -1, 3_600_001, 1.5, '60000']) expect(SettingsSchema.safeParse({ defaultTimeoutMs: bad }).success, String(bad)).toBe(false);
  });

  it('takes a map of tool name to ms in either kind of entry, each bounded like timeoutMs', () => {
    expect(StdioServerSchema.safeParse({ command: 'node', timeouts: { export_report: 900_000, deploy: 100 } }).success).toBe(true);
    expect(HttpServerSchema.safeParse({ type: 'http', url: 'https://x.example/mcp', timeouts: { deploy: 3_600_000 } }).success).toBe(true);
    for (const bad of [99, 3_600_001, 1.5, '1000', null]) {
      expect(StdioServerSchema.safeParse({ command: 'node', timeouts: { slow: bad } }).success, String(bad)).toBe(false);
    }
    expect(StdioServerSchema.safeParse({ command: 'node', timeouts: { '': 1000 } }).success).toBe(false);
    expect(StdioServerSchema.safeParse({ command: 'node', timeouts: { ['x'.repeat(257)]: 1000 } }).success).toBe(false);
    expect(StdioServerSchema.safeParse({ command: 'node', timeouts: [1000] }).success).toBe(false);
  });

  it(`names at most ${MAX_TOOL_TIMEOUTS} tools`, () => {
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`tool_${i}`, 1000]));
    expect(MAX_TOOL_TIMEOUTS).toBe(200);
    expect(StdioServerSchema.safeParse({ command: 'node', timeouts: many(200) }).success).toBe(true);
    const refused = StdioServerSchema.safeParse({ command: 'node', timeouts: many(201) });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['timeouts'], message: 'at most 200 tools' });
  });
});

describe('an HTTP server URL that does not parse', () => {
  it('is said not to be a whole URL, and a wrong scheme to need http or https', () => {
    const broken = HttpServerSchema.safeParse({ type: 'http', url: 'http://[::1' });
    expect(broken.error?.issues[0]?.message).toMatch(/^is not a whole URL/);
    const scheme = HttpServerSchema.safeParse({ type: 'http', url: 'file:///etc/passwd' });
    expect(scheme.error?.issues[0]?.message).toBe('must be an http:// or https:// URL');
  });

  it('takes references in the path and query, and says a reference in the host or port may not stand there', () => {
    for (const url of ['https://api.example.com/mcp?api_key=${secret:K}', 'https://api.example.com/u/${secret:T}/mcp']) expect(HttpServerSchema.safeParse({ type: 'http', url }).success).toBe(true);
    for (const url of ['https://${secret:HOST}.example.com/mcp', 'https://api.example.com:${env:PORT}/mcp']) {
      expect(HttpServerSchema.safeParse({ type: 'http', url }).error?.issues[0]?.message).toMatch(/^may hold a \$\{…\} reference only in its path or query/);
    }
  });
});

describe('an HTTP server URL of 100,000 characters', () => {
  it(`is refused, saying the limit of ${MAX_URL_CHARS} characters; one of ${MAX_URL_CHARS} is taken`, () => {
    const base = 'https://example.com/';
    expect(HttpServerSchema.safeParse({ type: 'http', url: base + 'a'.repeat(MAX_URL_CHARS - base.length) }).success).toBe(true);
    const refused = HttpServerSchema.safeParse({ type: 'http', url: base + 'a'.repeat(100_000) });
    expect(refused.error?.issues).toHaveLength(1);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['url'], message: `is longer than ${MAX_URL_CHARS} characters: a server URL is at most ${MAX_URL_CHARS} (servers refuse a longer request line)` });
  });
});
