import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { UPDATE_WINDOW_MS, UPDATES_PER_WINDOW } from '../../electron/pool/update-budget';
import { MANY, manyUri } from '../fixtures/servers/update-flood-server';
import { ROOT } from '../support/cli';
import { ManualTimers } from '../support/manual-timers';
import { tempDir, textOf } from '../support/server-harness';
import { tsEntry } from '../support/ts-entry';

const pools: Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('a server sending updates of many distinct resources at once', () => {
  it('has a window of them passed on at once and the rest when the next window opens, each resource once', async () => {
    // The pool's clock and timers are the test's: counts, not timing, decide it.
    const timers = new ManualTimers();
    const pool = createPool({ cacheDir: tempDir('pool-update-budget-'), now: timers.now, setTimer: timers.setTimer });
    pools.push(pool);
    await pool.apply({ mcpServers: { flood: { command: process.execPath, args: tsEntry('test/fixtures/servers/update-flood-server.ts'), cwd: ROOT } } });
    await pool.start('flood');
    const updated: string[] = [];
    pool.on('resourceUpdated', ({ server, uri }) => {
      if (server === 'flood') updated.push(uri);
    });
    for (let i = 0; i < MANY; i++) await pool.subscribeResource('flood', manyUri(i));
    expect(MANY).toBeGreaterThan(UPDATES_PER_WINDOW);
    // The server sends every update before it answers, on the same stream: all have arrived by then.
    expect(textOf(await pool.callTool('flood', 'flood-many', {}))).toBe(`sent ${MANY}`);
    expect(updated).toHaveLength(UPDATES_PER_WINDOW);
    timers.advance(UPDATE_WINDOW_MS);
    expect(updated).toHaveLength(MANY);
    expect(new Set(updated)).toEqual(new Set(Array.from({ length: MANY }, (_, i) => manyUri(i))));
  }, 60_000);
});
