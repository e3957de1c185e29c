import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { startProbeStreamEndsServer } from '../fixtures/servers/probe-stream-ends-server';
import { tempDir } from '../support/bridge-harness';

// A server whose answer to the 2026-07-28 `server/discover` probe is an event stream that ends
// without the answer: the start waited out its whole startup timeout (30 s) and failed, at every
// start. The probe fails at the stream's end, so the start falls back to initialize (2025-11-25)
// at once. The startup timeout is far longer than the test, so only the stream's end can end the probe.
let server: Awaited<ReturnType<typeof startProbeStreamEndsServer>>;
let pool: Pool;

beforeAll(async () => {
  server = await startProbeStreamEndsServer();
  pool = createPool({ cacheDir: join(tempDir('pool-probe-ends-'), 'cache'), gate: () => null });
  await pool.apply({ mcpServers: { ends: { type: 'http', url: server.url, startupTimeoutMs: 600_000 } } });
}, 30_000);

afterAll(async () => {
  await pool?.close();
  await server?.close();
});

describe('a server/discover probe whose event stream ends without the answer', () => {
  it('falls back to initialize at once, and the server starts and lists', async () => {
    await pool.start('ends');
    expect(server.probes()).toBe(1);
    expect(pool.statuses().find((s) => s.name === 'ends')?.state).toBe('ready');
    expect((await pool.listTools('ends')).map((t) => t.name)).toEqual(['echo']);
  }, 60_000);
});
