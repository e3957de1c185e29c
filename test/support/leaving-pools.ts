import { afterEach } from 'vitest';
import { createPool, type Pool, type PoolOptions } from '../../electron/pool';
import { leavingServer } from '../fixtures/servers/config';
import { isAlive, tempDir, textOf } from './server-harness';

/**
 * Pools running our leaving server (test/fixtures/servers/leaving-server.ts) as `s`, closed after each
 * test, with every pid the fixture reported killed if it still runs: only pids a test was given.
 */
export function leavingPools(prefix: string, stopGraceMs: number) {
  const pools: Pool[] = [];
  const left: number[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
    for (const pid of left.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  });

  async function poolWith(env: Record<string, string> = {}, options: Partial<PoolOptions> = {}) {
    const lines: string[] = [];
    const pool = createPool({ cacheDir: tempDir(prefix), log: (l) => lines.push(l), stopGraceMs, ...options });
    pools.push(pool);
    await pool.apply({ mcpServers: { s: leavingServer(env) } });
    return { pool, lines };
  }

  /** Has the server start `argv` (its stdio inherited or not): the pids it started. */
  async function run(pool: Pool, argv: string[], stdio: 'inherit' | 'ignore', extra: { waitLine?: boolean; exit?: boolean } = {}): Promise<number[]> {
    const pids = textOf(await pool.callTool('s', 'run', { argv, stdio, ...extra })).trim().split(/\s+/).map(Number);
    left.push(...pids);
    return pids;
  }

  return { poolWith, run, left };
}
