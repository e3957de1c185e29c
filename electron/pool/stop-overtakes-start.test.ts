import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerState } from '../../shared/api';
import { inMemoryFactory } from '../../test/support/in-memory-factory';
import { rejection } from '../../test/support/rejection';
import { createPool, type Pool } from './index';

const dirs: string[] = [];
const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function poolWithServer(): Promise<{ pool: Pool; states: ServerState[]; factory: ReturnType<typeof inMemoryFactory> }> {
  const factory = inMemoryFactory();
  const dir = mkdtempSync(join(tmpdir(), 'pool-stop-start-'));
  dirs.push(dir);
  const pool = createPool({ cacheDir: dir }, { connect: factory.connect });
  pools.push(pool);
  await pool.apply({ mcpServers: { mem: { command: 'no-such-command-anywhere' } } });
  const states: ServerState[] = [];
  pool.on('state', (status) => states.push(status.state));
  return { pool, states, factory };
}

// A person's stop asked in the same tick as a start, after it: the start has not yet reached its
// first await's end (the cached inventory loading), and must still give up.
describe('pool: a stop asked right after a start', () => {
  it('leaves a stopped server stopped and fails the start as stopped while starting', async () => {
    const { pool, states, factory } = await poolWithServer();
    expect((await pool.start('mem')).state).toBe('ready');
    expect((await pool.stop('mem')).state).toBe('stopped');

    const starting = rejection(pool.start('mem'));
    const stopping = pool.stop('mem');
    expect((await stopping).state).toBe('stopped');
    const error = await starting;
    expect(error).toMatchObject({ code: 'server_unavailable', message: '"mem" was stopped while starting' });
    expect(pool.status('mem').state).toBe('stopped');
    expect(states).toEqual(['starting', 'ready', 'stopped']);
    expect(factory.requests).toHaveLength(1);
  });

  it('never starts a server that was never started', async () => {
    const { pool, states, factory } = await poolWithServer();
    const starting = rejection(pool.start('mem'));
    await pool.stop('mem');
    expect((await starting).message).toBe('"mem" was stopped while starting');
    expect(pool.status('mem').state).not.toBe('ready');
    expect(states).not.toContain('starting');
    expect(factory.requests).toHaveLength(0);
  });

  it('fails the start of a running server that the stop ends', async () => {
    const { pool, factory } = await poolWithServer();
    expect((await pool.start('mem')).state).toBe('ready');
    const starting = rejection(pool.start('mem'));
    expect((await pool.stop('mem')).state).toBe('stopped');
    expect((await starting).message).toBe('"mem" was stopped while starting');
    expect(factory.closed()).toBe(1);
  });

  it('lets a start asked after the stop run: the later ask wins', async () => {
    const { pool, factory } = await poolWithServer();
    expect((await pool.start('mem')).state).toBe('ready');
    const stopping = pool.stop('mem');
    const starting = pool.start('mem');
    await stopping;
    expect((await starting).state).toBe('ready');
    expect(pool.status('mem').history.map((h) => h.state).slice(-4)).toEqual(['ready', 'stopped', 'starting', 'ready']);
    expect(factory.requests).toHaveLength(2);
  });
});
