import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { startMislabelledSseServer } from '../fixtures/servers/mislabelled-sse-server';
import { tempDir } from '../support/server-harness';
import { rejection } from '../support/rejection';

const pools: Pool[] = [];
const servers: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('an HTTP server that sends plain JSON labelled text/event-stream', () => {
  it('fails its start at once, naming the server, instead of waiting out the start-up timeout', async () => {
    const server = await startMislabelledSseServer();
    servers.push(server);
    const url = server.url;
    const pool = createPool({ cacheDir: tempDir('not-sse-'), log: () => undefined });
    pools.push(pool);
    const startupTimeoutMs = 60_000;
    await pool.apply({ mcpServers: { mislabelled: { type: 'http', url, startupTimeoutMs } } });
    const began = Date.now();
    const error = await rejection(pool.start('mislabelled'));
    expect(Date.now() - began).toBeLessThan(startupTimeoutMs / 2);
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toContain('"mislabelled" answered with a body labelled text/event-stream that is not an event stream');
    expect(error.hint).toContain('wrong Content-Type');
  }, 90_000);
});
