import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { CodedError } from '../../shared/errors';
import { startHostileServer, type HostileServer } from '../fixtures/servers/hostile-modern-server';
import { tempDir } from '../support/bridge-harness';

// A 2026-07-28 server whose answer to tools/call is an event stream that ends without the answer:
// the call waited for its whole timeout (60 s by default). The timeout here is far longer than the
// test, so only the stream's end can fail the call.
let hostile: HostileServer;
let pool: Pool;

beforeAll(async () => {
  hostile = await startHostileServer();
  pool = createPool({ cacheDir: join(tempDir('pool-ended-'), 'cache'), gate: () => null });
  await pool.apply({ mcpServers: { hostile: { type: 'http', url: hostile.url, timeoutMs: 600_000 } } });
  await pool.start('hostile');
}, 60_000);

afterAll(async () => {
  await pool?.close();
  await hostile?.close();
});

async function failure(tool: string): Promise<CodedError> {
  const error: unknown = await pool.callTool('hostile', tool, {}).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof CodedError)) throw new Error(`expected the call of ${tool} to fail with a CodedError, got ${String(error)}`);
  return error;
}

describe('an HTTP server whose answer stream ends without the answer', () => {
  it.each(['ends_unanswered', 'ends_asking'])('%s: the call fails at once as server_unavailable, and the server serves on', async (tool) => {
    const error = await failure(tool);
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toBe('"hostile" ended its answer without a result');
    expect(error.hint).toContain('retry');
    // Only the call failed: the connection is kept and still lists.
    expect(pool.statuses().find((s) => s.name === 'hostile')?.state).toBe('ready');
    expect((await pool.listTools('hostile')).map((t) => t.name)).toContain(tool);
  }, 120_000);
});
