import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { faultServer } from '../fixtures/servers/config';
import { tempDir } from '../fixtures/servers/harness';
import { rejection } from '../helpers/rejection';

const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

async function poolWith(env: Record<string, string> = {}): Promise<Pool> {
  const pool = createPool({ cacheDir: tempDir('pool-errors-') });
  pools.push(pool);
  await pool.apply({ mcpServers: { f: faultServer('normal', env) } });
  return pool;
}

describe('pool: JSON-RPC errors of the server itself', () => {
  it('reports a server error -32000 with its own message, not as a closed connection', async () => {
    const pool = await poolWith();
    const error = await rejection(pool.readResource('f', 'fixture://server-error'));
    expect(error.code).toBe('internal');
    expect(error.message).toBe('"f" answered with an error during resource fixture://server-error: quota exceeded for API_KEY=[redacted] (try tomorrow)');
    expect(error.hint).toContain('the server reported this error itself');
    expect(error.data).toEqual({ mcpCode: -32000 });
    // The connection is fine.
    expect(pool.status('f').state).toBe('ready');
  });
});
