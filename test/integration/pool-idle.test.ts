import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import type { McpConfig, Settings, StdioServerConfig } from '../../shared/config';
import { faultServer } from '../fixtures/servers/config';
import { StateLog, isAlive, tempDir, textOf, waitFor } from '../support/server-harness';
import { ManualTimers } from '../support';

// Idle stops with a manual timer: the test decides when the idle time has passed, never the clock.
const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function newPool() {
  const timers = new ManualTimers();
  const log = new StateLog();
  const pool = createPool({ cacheDir: tempDir('pool-idle-'), setTimer: timers.setTimer });
  pools.push(pool);
  pool.on('state', log.listener);
  return { pool, log, timers };
}

function config(server: Partial<StdioServerConfig> = {}, settings?: Settings): McpConfig {
  return { mcpServers: { f: faultServer('normal', {}, server) }, ...(settings ? { settings } : {}) };
}

const pidOf = async (pool: Pool): Promise<number> => Number(textOf(await pool.callTool('f', 'pid', {})));

describe('pool: idle stop', () => {
  it('stops a server unused for its idle time (default 10 min), shows it idle with its inventory, and restarts it on the next call', async () => {
    const { pool, log, timers } = newPool();
    await pool.apply(config());
    const pid = await pidOf(pool);
    expect(timers.pending).toEqual([600_000]);
    expect(timers.fireAll()).toBe(1);
    await waitFor('the server to exit', () => !isAlive(pid));
    await log.waitFor('f', (s) => s.state === 'idle', 1);
    expect(pool.status('f')).toMatchObject({ state: 'idle' });
    expect(pool.status('f').lastError).toBeUndefined();
    // Listings still answer from the cache, without spawning.
    expect((await pool.tools('f')).map((t) => t.name)).toContain('pid');
    expect(log.states('f')).toEqual(['idle', 'starting', 'ready', 'idle']);

    const again = await pidOf(pool);
    expect(again).not.toBe(pid);
    expect(isAlive(again)).toBe(true);
    expect(log.states('f')).toEqual(['idle', 'starting', 'ready', 'idle', 'starting', 'ready']);
  });

  it('never stops a server during a call: the countdown starts when the last call ends', async () => {
    const { pool, timers } = newPool();
    await pool.apply(config({ idleTimeoutMs: 500 }));
    const pid = await pidOf(pool);
    const progress: number[] = [];
    const slow = pool.callTool('f', 'slow', { ms: 300 }, { onProgress: (p) => progress.push(p.progress) });
    await waitFor('the call to hold the timer', () => timers.pending.length === 0);
    expect(timers.fireAll()).toBe(0);
    expect(textOf(await slow)).toBe('slept 300');
    expect(isAlive(pid)).toBe(true);
    expect(pool.status('f').state).toBe('ready');
    expect(timers.pending).toEqual([500]);
    timers.fireAll();
    await waitFor('the server to exit', () => !isAlive(pid));
  });

  it('keeps servers up with 0 (settings or per server); the server’s own value wins', async () => {
    const { pool, timers } = newPool();
    await pool.apply(config({}, { idleTimeoutMs: 0 }));
    const pid = await pidOf(pool);
    expect(timers.pending).toEqual([]);
    await pool.apply(config({ idleTimeoutMs: 500 }, { idleTimeoutMs: 0 }));
    expect(timers.pending).toEqual([500]);
    await pool.apply(config({ idleTimeoutMs: 0 }, { idleTimeoutMs: 500 }));
    expect(timers.pending).toEqual([]);
    expect(await pidOf(pool)).toBe(pid);
  });

  it('applies a changed idleTimeoutMs without a restart', async () => {
    const { pool, log, timers } = newPool();
    await pool.apply(config({ idleTimeoutMs: 500 }));
    const pid = await pidOf(pool);
    const mark = log.mark();
    await pool.apply(config({ idleTimeoutMs: 2000 }));
    expect(timers.pending).toEqual([2000]);
    await pool.apply(config({ idleTimeoutMs: 2000 }, { idleTimeoutMs: 5 }));
    expect(timers.pending).toEqual([2000]);
    await pool.apply(config({}, { idleTimeoutMs: 700 }));
    expect(timers.pending).toEqual([700]);
    expect(log.events.slice(mark).map((e) => e.state)).not.toContain('stopped');
    expect(await pidOf(pool)).toBe(pid);
  });
});
