import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { faultServer } from '../fixtures/servers/config';
import { readPid, tempDir, waitFor } from '../support/server-harness';
import { rejection } from '../support/rejection';

const pools: Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

// A person's stop (or a removal) while a server starts: the start says it was stopped, not that the
// server was slow, and its hint is not to raise startupTimeoutMs.
describe('pool: a stop that overtakes a start', () => {
  it('fails the start with "was stopped while starting" and leaves the server stopped', async () => {
    const pool = createPool({ cacheDir: tempDir('pool-stop-start-'), stopGraceMs: 300 });
    pools.push(pool);
    await pool.apply({ mcpServers: { f: faultServer('never-ready', {}, { startupTimeoutMs: 60_000 }) } });
    const starting = rejection(pool.start('f'));
    await waitFor('the start to be under way', () => pool.status('f').state === 'starting');
    expect((await pool.stop('f')).state).toBe('stopped');
    const error = await starting;
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toBe('"f" was stopped while starting');
    expect(error.hint).not.toContain('startupTimeoutMs');
    expect(pool.status('f').state).toBe('stopped');
  }, 60_000);

  // Asked in the same tick, the stop after the start: the start has not yet begun its spawn.
  it('fails a start the stop was asked right after, before it spawned, and nothing runs', async () => {
    const dir = tempDir('pool-stop-start-');
    const pidFile = join(dir, 'fault.pid');
    const pool = createPool({ cacheDir: dir, stopGraceMs: 300 });
    pools.push(pool);
    await pool.apply({ mcpServers: { f: faultServer('normal', { PID_FILE: pidFile }) } });
    expect((await pool.start('f')).state).toBe('ready');
    const pid = readPid(pidFile);
    expect((await pool.stop('f')).state).toBe('stopped');

    const starting = rejection(pool.start('f'));
    expect((await pool.stop('f')).state).toBe('stopped');
    expect((await starting).message).toBe('"f" was stopped while starting');
    const status = pool.status('f');
    expect(status.state).toBe('stopped');
    // No second process was spawned (the fixture writes its pid as it starts).
    expect(readPid(pidFile)).toBe(pid);
    expect(status.history.map((h) => h.state).slice(-3)).toEqual(['starting', 'ready', 'stopped']);
  }, 60_000);
});
