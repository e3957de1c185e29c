import { describe, expect, it } from 'vitest';
import { DEFAULT_IDLE_TIMEOUT_MS, HttpServerSchema, SettingsSchema, StdioServerSchema, idleTimeoutOf } from './schema';

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
