import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { everythingServer, faultServer } from '../fixtures/servers/config';
import { tempDir } from '../support/server-harness';
import { rejection } from '../support/rejection';

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
    const pool = await poolWith({ SERVER_ERROR: '1' });
    const error = await rejection(pool.readResource('f', 'fixture://server-error'));
    // The service failed, not Connected Services.
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toBe('"f" answered with an error during resource fixture://server-error: quota exceeded for API_KEY=[redacted] (try tomorrow)');
    expect(error.hint).toContain('the server reported this error itself');
    expect(error.data).toEqual({ mcpCode: -32000, server: 'f' });
    // The connection is fine.
    expect(pool.status('f').state).toBe('ready');
  });

  it('turns an unknown tool and arguments that fail the schema into not_found and invalid_input (server-everything)', async () => {
    const pool = createPool({ cacheDir: tempDir('pool-errors-') });
    pools.push(pool);
    await pool.apply({ mcpServers: { everything: everythingServer() } });
    const unknown = await rejection(pool.callTool('everything', 'ecoh', {}));
    expect(unknown).toMatchObject({ code: 'not_found', message: '"everything" has no tool "ecoh": Tool ecoh not found' });
    expect(unknown.hint).toContain('run `connected-services tools everything --refresh` to see what it offers now');
    const missing = await rejection(pool.callTool('everything', 'echo', {}));
    expect(missing.code).toBe('invalid_input');
    expect(missing.message).toContain('"everything" rejected the arguments of tool "echo": Input validation error');
    expect((await rejection(pool.callTool('everything', 'echo', { message: 5 }))).code).toBe('invalid_input');
    // A tool's own error is still a result.
    expect((await pool.callTool('everything', 'echo', { message: 'ok' })).isError).not.toBe(true);
  });
});
