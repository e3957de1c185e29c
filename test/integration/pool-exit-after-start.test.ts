import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { faultServer } from '../fixtures/servers/config';
import { rejection } from '../support/rejection';
import { tempDir, waitFor } from '../support/server-harness';

const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

async function poolWith(env: Record<string, string>): Promise<Pool> {
  const pool = createPool({ cacheDir: tempDir('pool-exit-after-start-'), log: () => undefined });
  pools.push(pool);
  await pool.apply({ mcpServers: { e: faultServer('exit-after-init', env) } });
  return pool;
}

describe('pool: a server that exits with code 0 right after it started', () => {
  it('says it exited with code 0 right after it started, with its last stderr line redacted, in status and the call\'s error', async () => {
    const pool = await poolWith({});
    const error = await rejection(pool.callTool('e', 'anything', {}));
    const said = '"e" exited with code 0 right after it started: no work to do: API_KEY=[redacted] has no projects';
    expect(error).toMatchObject({ code: 'server_unavailable', message: said, data: { stderr: 'no work to do: API_KEY=[redacted] has no projects' } });
    expect(pool.status('e')).toMatchObject({ state: 'error', lastError: { message: said } });
    expect(JSON.stringify(pool.status('e'))).not.toContain('exit-secret-456');
  });

  it('one that exits once ready: the call and status say it exited with code 0, never only that it is not running', async () => {
    const pool = await poolWith({ EXIT_DELAY_MS: '300' });
    await pool.start('e');
    expect(pool.status('e').state).toBe('ready');
    const error = await rejection(pool.callTool('e', 'anything', {}));
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toMatch(/^"e" exited with code 0 (during tool "anything"|while running): no work to do: API_KEY=\[redacted\] has no projects$/);
    await waitFor('the crash in status', () => pool.status('e').lastError !== undefined);
    expect(pool.status('e').lastError?.message).toBe('"e" exited with code 0 while running: no work to do: API_KEY=[redacted] has no projects');
  });
});
