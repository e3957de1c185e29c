import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { faultServer } from '../fixtures/servers/config';
import { tempDir, waitFor } from '../support/server-harness';
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
});
