import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { inMemoryFactory } from '../../test/support/in-memory-factory';
import { createPool, type Connection, type ConnectionFactory, type Pool } from './index';

const dirs: string[] = [];
const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A real SDK client's initialize, answered by a server that refuses it with a JSON-RPC error of its own. */
const refusedInitialize: ConnectionFactory = async (request) => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  serverSide.onmessage = (message) => {
    if ('id' in message) void serverSide.send({ jsonrpc: '2.0', id: message.id, error: { code: -32603, message: 'backend database is down' } });
  };
  await serverSide.start();
  const client = new Client({ name: 'pool-test', version: '1' }, { capabilities: {} });
  await client.connect(clientSide, { timeout: request.startupTimeoutMs, signal: request.signal });
  throw new Error('initialize was not refused');
};

/** Turns of the event loop: the restart's failure is handled in promise callbacks, not on a timer. */
async function settled(): Promise<void> {
  for (let turn = 0; turn < 20; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
}

describe('a restart the server refuses with a JSON-RPC error of its own', () => {
  it('is not counted as another crash: the restarts end, the server\'s words are shown, and a call starts it again', async () => {
    const inner = inMemoryFactory();
    let first: Connection | undefined;
    let restarted = (): void => undefined;
    const restartAsked = new Promise<void>((resolve) => (restarted = resolve));
    let connects = 0;
    const connect: ConnectionFactory = async (request) => {
      connects++;
      if (connects === 1) return (first = await inner.connect(request));
      if (connects === 3) return inner.connect(request);
      restarted();
      return refusedInitialize(request);
    };
    const dir = mkdtempSync(join(tmpdir(), 'pool-restart-'));
    dirs.push(dir);
    // The first restart comes at once; a second would too, were the refusal counted as a crash.
    const pool = createPool({ cacheDir: dir, restartPolicy: { baseDelayMs: 1, maxCrashes: 5, windowMs: 60_000 } }, { connect });
    pools.push(pool);
    await pool.apply({ mcpServers: { mem: { command: 'no-such-command-anywhere' } } });
    expect((await pool.start('mem')).state).toBe('ready');

    // The server ends on its own while running: one crash, and a restart.
    await first?.close();
    await restartAsked;
    await settled();

    const status = pool.status('mem');
    expect(status.crashes).toBe(1);
    expect(status.state).toBe('error');
    expect(status.lastError).toMatchObject({ code: 'server_unavailable', message: expect.stringContaining('backend database is down') as unknown });
    expect(connects).toBe(2);
    // Not given up: the next call starts it again.
    expect((await pool.callTool('mem', 'echo', { text: 'back' })).content).toEqual([{ type: 'text', text: 'echo: back' }]);
    expect(pool.status('mem').crashes).toBe(1);
  });
});
