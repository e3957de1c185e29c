import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inMemoryFactory } from '../../test/support/in-memory-factory';
import { ManualTimers } from '../../test/support/manual-timers';
import { createPool, type ConnectionFactory, type Pool } from './index';
import { UPDATE_WINDOW_MS, UPDATES_PER_WINDOW } from './update-budget';

const dirs: string[] = [];
const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A started pool on manual timers whose one server's updates the test sends, a window and one more. */
async function flooded(): Promise<{ pool: Pool; timers: ManualTimers; passed: string[]; ended: () => Promise<void> }> {
  const timers = new ManualTimers();
  const inner = inMemoryFactory();
  let updated: ((uri: string) => void) | undefined;
  let ended = (): Promise<void> => Promise.resolve();
  const connect: ConnectionFactory = async (request) => {
    updated = request.onResourceUpdated;
    const conn = await inner.connect(request);
    ended = () => conn.close();
    return conn;
  };
  const dir = mkdtempSync(join(tmpdir(), 'pool-updates-'));
  dirs.push(dir);
  // No restart within the test: the crash's is left pending until the pool closes.
  const pool = createPool({ cacheDir: dir, now: timers.now, setTimer: timers.setTimer, restartPolicy: { baseDelayMs: 60_000 } }, { connect });
  pools.push(pool);
  const passed: string[] = [];
  pool.on('resourceUpdated', ({ uri }) => passed.push(uri));
  await pool.apply({ mcpServers: { mem: { command: 'no-such-command-anywhere' } } });
  await pool.start('mem');
  for (let i = 0; i <= UPDATES_PER_WINDOW; i++) updated?.(`r://${i}`);
  expect(passed).toHaveLength(UPDATES_PER_WINDOW);
  return { pool, timers, passed, ended: () => ended() };
}

describe("a server's resource updates waiting in its budget", () => {
  it('are dropped when the server stops: none arrives after it is gone', async () => {
    const { pool, timers, passed } = await flooded();
    await pool.stop('mem');
    timers.advance(UPDATE_WINDOW_MS);
    expect(passed).toHaveLength(UPDATES_PER_WINDOW);
    expect(passed).not.toContain(`r://${UPDATES_PER_WINDOW}`);
  });

  it('are dropped when the server ends on its own', async () => {
    const { pool, timers, passed, ended } = await flooded();
    await ended();
    expect(pool.status('mem').state).toBe('error');
    timers.advance(UPDATE_WINDOW_MS);
    expect(passed).toHaveLength(UPDATES_PER_WINDOW);
  });
});
