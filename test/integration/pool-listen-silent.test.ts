import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { startSubscribeServer } from '../fixtures/servers/modern-subscribe-server';
import { tempDir } from '../support/server-harness';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

// The listen stream is a side channel: one never acknowledged held the start for the SDK's 60 s.
describe('a 2026-07-28 server that never acknowledges subscriptions/listen', () => {
  it('starts within its startup timeout, says in its log why list changes do not come, and answers', async () => {
    const server = await startSubscribeServer({ silentListen: true });
    open.push(server);
    const lines: string[] = [];
    const pool: Pool = createPool({ cacheDir: tempDir('listen-silent-'), log: (line) => lines.push(line) });
    open.push(pool);
    await pool.apply({ mcpServers: { quiet: { type: 'http', url: server.url, startupTimeoutMs: 2_000 } } });
    const started = Date.now();
    await pool.start('quiet');
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(pool.status('quiet').state).toBe('ready');
    expect(server.listens.requests).toBeGreaterThan(0);
    expect(lines.some((line) => line.startsWith('[quiet] its change stream could not be opened'))).toBe(true);
  }, 30_000);
});
