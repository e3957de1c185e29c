import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import type { McpConfig } from '../../shared/config';
import { faultServer } from '../fixtures/servers/config';
import { StateLog, tempDir, textOf } from '../support/server-harness';
import { rejection } from '../support/rejection';

// Small on purpose: a 1.5 s tool against a 300 ms deadline. Each test asserts what happened (a
// timeout, or the tool's answer), never how long it took.
const SLOW = { ms: 1500 };
const SHORT = 300;

const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  log.events.length = 0;
});

const log = new StateLog();

async function poolWith(config: McpConfig): Promise<Pool> {
  const pool = createPool({ cacheDir: tempDir('pool-call-timeouts-') });
  pools.push(pool);
  pool.on('state', log.listener);
  await pool.apply(config);
  return pool;
}

/** How many times "f" was started so far: one means every config change applied without a restart. */
const starts = (): number => log.states('f').filter((state) => state === 'starting').length;

describe('pool: call timeouts per tool and for all servers (settings.defaultTimeoutMs)', () => {
  it("times out the one tool its per-tool timeout names, while the server's default lets the same call finish", async () => {
    const pool = await poolWith({ mcpServers: { f: faultServer('normal', {}, { timeouts: { slow: SHORT } }) } });
    const error = await rejection(pool.callTool('f', 'slow', SLOW));
    expect(error).toMatchObject({ code: 'timeout', message: 'tool "slow" on "f" did not answer within 0.3 s and was cancelled' });
    expect(error.hint).toBe('retry, or raise "slow" in the "timeouts" of "f" in mcp.json');

    // Without it (the default, 60 s) the same call finishes, on the same process: no restart.
    await pool.apply({ mcpServers: { f: faultServer() } });
    expect(textOf(await pool.callTool('f', 'slow', SLOW))).toBe('slept 1500');
    expect(starts()).toBe(1);

    // Set again, it applies to the next call at once.
    await pool.apply({ mcpServers: { f: faultServer('normal', {}, { timeouts: { slow: SHORT } }) } });
    expect((await rejection(pool.callTool('f', 'slow', SLOW))).code).toBe('timeout');
    expect(starts()).toBe(1);
  });

  it("wins over the server's own timeoutMs, for the tool it names only", async () => {
    const pool = await poolWith({ mcpServers: { f: faultServer('normal', {}, { timeoutMs: SHORT, timeouts: { slow: 30_000 } }) } });
    expect(textOf(await pool.callTool('f', 'slow', SLOW))).toBe('slept 1500');
    // `progress` has no entry: the server's 300 ms holds for it, and it answers well within.
    expect(textOf(await pool.callTool('f', 'progress', { steps: 1 }))).toBe('no progress token');
  });

  it('takes settings.defaultTimeoutMs for servers without their own, and applies a change of it to the next call', async () => {
    const pool = await poolWith({ mcpServers: { f: faultServer() }, settings: { defaultTimeoutMs: SHORT } });
    const error = await rejection(pool.callTool('f', 'slow', SLOW));
    expect(error.code).toBe('timeout');
    expect(error.hint).toBe('retry, or raise "settings.defaultTimeoutMs" (or set "timeoutMs" of "f") in mcp.json');

    await pool.apply({ mcpServers: { f: faultServer() }, settings: { defaultTimeoutMs: 30_000 } });
    expect(textOf(await pool.callTool('f', 'slow', SLOW))).toBe('slept 1500');
    expect(starts()).toBe(1);

    // A server's own timeoutMs wins over the settings' default.
    await pool.apply({ mcpServers: { f: faultServer('normal', {}, { timeoutMs: SHORT }) }, settings: { defaultTimeoutMs: 30_000 } });
    expect((await rejection(pool.callTool('f', 'slow', SLOW))).code).toBe('timeout');
  });

  it("leaves the caller's own deadline (call --timeout) above every configured one", async () => {
    const pool = await poolWith({ mcpServers: { f: faultServer('normal', {}, { timeouts: { slow: SHORT } }) } });
    expect(textOf(await pool.callTool('f', 'slow', SLOW, { timeoutMs: 30_000 }))).toBe('slept 1500');
  });
});
