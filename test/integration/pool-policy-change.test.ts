import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import type { StdioServerConfig } from '../../shared/config';
import { faultServer } from '../fixtures/servers/config';
import { StateLog, isAlive, tempDir, textOf } from '../support/server-harness';
import { rejection } from '../support/rejection';

const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function newPool() {
  const log = new StateLog();
  const pool = createPool({ cacheDir: tempDir('pool-policy-') });
  pools.push(pool);
  pool.on('state', log.listener);
  const inventory: string[] = [];
  pool.on('inventory', ({ server }) => inventory.push(server));
  return { pool, log, inventory };
}

const pidOf = async (pool: Pool, name: string): Promise<number> => Number(textOf(await pool.callTool(name, 'pid', {})));

/** Runs `slow` long enough that the config change below lands while it is in flight. */
function slowCall(pool: Pool): Promise<string> {
  return pool.callTool('f', 'slow', { ms: 1500 }).then(textOf);
}

describe('pool: a change of per-call fields only', () => {
  it.each<[string, Partial<StdioServerConfig>]>([
    ['description', { description: 'my files' }],
    ['timeoutMs', { timeoutMs: 45_000 }],
    ['tools', { tools: { deny: ['crash'] } }],
  ])('keeps the process and its in-flight call when only %s changes', async (_field, change) => {
    const { pool, log, inventory } = newPool();
    const base = faultServer();
    await pool.apply({ mcpServers: { f: base } });
    const pid = await pidOf(pool, 'f');
    const mark = log.mark();
    const inventoryMark = inventory.length;

    const inFlight = slowCall(pool);
    const diff = await pool.apply({ mcpServers: { f: { ...base, ...change } } });
    expect(diff.changed).toEqual(['f']);
    expect(await inFlight).toBe('slept 1500');

    expect(await pidOf(pool, 'f')).toBe(pid);
    expect(isAlive(pid)).toBe(true);
    expect(log.states('f').slice(mark).filter((s) => s !== 'ready')).toEqual([]);
    expect(pool.status('f').state).toBe('ready');
    // Listings (the bridge, the catalog) still hear that the server's config changed.
    expect(inventory.slice(inventoryMark)).toContain('f');
  });

  it('applies the new policy to the next calls and listings at once', async () => {
    const { pool, log } = newPool();
    const base = faultServer();
    await pool.apply({ mcpServers: { f: base } });
    const pid = await pidOf(pool, 'f');
    const before = pool.status('f').toolCount;

    const mark = log.mark();
    await pool.apply({ mcpServers: { f: { ...base, tools: { deny: ['slow'] }, timeoutMs: 300 } } });
    expect((await pool.tools('f')).map((t) => t.name)).not.toContain('slow');
    expect((await rejection(pool.callTool('f', 'slow', { ms: 0 }))).code).toBe('denied');
    // The status (tool count) is published again without a restart.
    const published = await log.waitFor('f', (s) => s.toolCount === before - 1, mark);
    expect(published.state).toBe('ready');

    // The new timeoutMs counts for calls made after the change.
    await pool.apply({ mcpServers: { f: { ...base, timeoutMs: 300 } } });
    expect((await rejection(pool.callTool('f', 'slow', { ms: 5000 }))).code).toBe('timeout');
    expect(await pidOf(pool, 'f')).toBe(pid);
  });

  it.each<[string, (base: StdioServerConfig) => StdioServerConfig]>([
    ['args', (base) => ({ ...base, args: [...(base.args ?? []), '--changed'] })],
    ['env', (base) => ({ ...base, env: { ...base.env, VERSION: '2' } })],
    ['args and a policy field together', (base) => ({ ...base, args: [...(base.args ?? []), '-x'], timeoutMs: 9000 })],
  ])('still restarts the process when %s changes', async (_what, edit) => {
    const { pool, log } = newPool();
    const base = faultServer();
    await pool.apply({ mcpServers: { f: base } });
    const pid = await pidOf(pool, 'f');
    const mark = log.mark();
    const inFlight = rejection(pool.callTool('f', 'slow', { ms: 5000 }));
    await pool.apply({ mcpServers: { f: edit(base) } });
    expect((await inFlight).code).toBe('server_unavailable');
    expect(log.states('f').slice(mark)).toEqual(['stopped', 'starting', 'ready']);
    expect(isAlive(pid)).toBe(false);
    expect(await pidOf(pool, 'f')).not.toBe(pid);
  });

  it('still stops a running server that is disabled', async () => {
    const { pool } = newPool();
    const base = faultServer();
    await pool.apply({ mcpServers: { f: base } });
    const pid = await pidOf(pool, 'f');
    await pool.apply({ mcpServers: { f: { ...base, enabled: false, description: 'off for now' } } });
    expect(isAlive(pid)).toBe(false);
    expect(pool.status('f')).toMatchObject({ state: 'stopped', enabled: false });
  });

  it('announces a removed server as removed, so the screens ask it for nothing', async () => {
    const events: Array<{ server: string; removed?: true }> = [];
    const { pool } = newPool();
    pool.on('inventory', (event) => events.push(event));
    await pool.apply({ mcpServers: { f: faultServer(), g: faultServer() } });
    const mark = events.length;
    await pool.apply({ mcpServers: { f: faultServer() } });
    expect(events.slice(mark)).toEqual([{ server: 'g', removed: true }]);
  });
});
