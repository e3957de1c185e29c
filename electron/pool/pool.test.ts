import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServerState } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { inMemoryFactory } from '../../test/support/in-memory-factory';
// Only the public face: the seam is usable from outside the pool.
import { createPool, type ConnectionFactory, type Pool } from './index';

const dirs: string[] = [];
const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newPool(connect: ConnectionFactory): { pool: Pool; states: ServerState[] } {
  const dir = mkdtempSync(join(tmpdir(), 'pool-seam-'));
  dirs.push(dir);
  const pool = createPool({ cacheDir: dir }, { connect });
  pools.push(pool);
  const states: ServerState[] = [];
  pool.on('state', (status) => states.push(status.state));
  return { pool, states };
}

describe('createPool with a connection factory', () => {
  it('starts, calls and stops a server through the factory alone (nothing spawns)', async () => {
    const factory = inMemoryFactory();
    const { pool, states } = newPool(factory.connect);
    // No such command exists, and the reference stays unresolved: only the factory opens connections.
    await pool.apply({ mcpServers: { mem: { command: 'no-such-command-anywhere', env: { TOKEN: '${secret:token}' } } } });

    expect((await pool.start('mem')).state).toBe('ready');
    expect(factory.requests).toHaveLength(1);
    expect(factory.requests[0]).toMatchObject({ server: 'mem', config: { command: 'no-such-command-anywhere', env: { TOKEN: '${secret:token}' } } });
    expect((await pool.tools('mem')).map((t) => t.name)).toEqual(['echo']);

    const result = await pool.callTool('mem', 'echo', { text: 'hi' });
    expect(result.content).toEqual([{ type: 'text', text: 'echo: hi' }]);

    expect((await pool.stop('mem')).state).toBe('stopped');
    expect(factory.closed()).toBe(1);
    expect(states).toEqual(['idle', 'starting', 'ready', 'stopped']);
  });

  it('starts a stopped server lazily on its call path, through the same factory', async () => {
    const factory = inMemoryFactory();
    const { pool, states } = newPool(factory.connect);
    await pool.apply({ mcpServers: { mem: { command: 'no-such-command-anywhere' } } });

    const result = await pool.callTool('mem', 'echo', { text: 'lazy' });
    expect(result.content).toEqual([{ type: 'text', text: 'echo: lazy' }]);
    expect(factory.requests).toHaveLength(1);
    await pool.close();
    expect(factory.closed()).toBe(1);
    expect(states).toEqual(['idle', 'starting', 'ready', 'stopped']);
  });

  it('lists the tools of a server that never listed them by starting it lazily, once', async () => {
    const factory = inMemoryFactory();
    const { pool, states } = newPool(factory.connect);
    await pool.apply({ mcpServers: { mem: { command: 'no-such-command-anywhere' } } });
    expect(await pool.tools('mem')).toEqual([]);

    expect((await pool.listTools('mem')).map((t) => t.name)).toEqual(['echo']);
    expect((await pool.listTools('mem')).map((t) => t.name)).toEqual(['echo']);
    expect(factory.requests).toHaveLength(1);
    expect(states).toEqual(['idle', 'starting', 'ready']);
  });

  it('waits for a start under way to finish its listing', async () => {
    let release: () => void = () => undefined;
    const factory = inMemoryFactory(new Promise<void>((resolve) => (release = resolve)));
    const { pool } = newPool(factory.connect);
    await pool.apply({ mcpServers: { mem: { command: 'no-such-command-anywhere' } } });
    const call = pool.callTool('mem', 'echo', { text: 'first' });
    // Connected, and listing its tools: the call may go ahead, the listing must wait.
    await vi.waitFor(() => expect(factory.listing()).toBe(true));
    const listed = pool.listTools('mem');
    release();
    expect((await listed).map((t) => t.name)).toEqual(['echo']);
    expect((await call).content).toEqual([{ type: 'text', text: 'echo: first' }]);
    expect(factory.requests).toHaveLength(1);
  });

  it('answers a start asked while another is listing only once the server is ready', async () => {
    let release: () => void = () => undefined;
    const factory = inMemoryFactory(new Promise<void>((resolve) => (release = resolve)));
    const { pool } = newPool(factory.connect);
    await pool.apply({ mcpServers: { mem: { command: 'no-such-command-anywhere' } } });
    const first = pool.start('mem');
    // Connected, its first listing held: a person's connect now must join this start, not answer "starting".
    await vi.waitFor(() => expect(factory.listing()).toBe(true));
    const second = pool.start('mem');
    release();
    expect((await second).state).toBe('ready');
    expect((await first).state).toBe('ready');
    expect(factory.requests).toHaveLength(1);
  });

  it('answers a listing with the error of a failed start instead of starting again', async () => {
    let opened = 0;
    const { pool } = newPool(() => {
      opened++;
      return Promise.reject(new CodedError('timeout', '"mem" did not finish starting within 1 s', { hint: 'raise "startupTimeoutMs"' }));
    });
    await pool.apply({ mcpServers: { mem: { command: 'no-such-command-anywhere' } } });
    await expect(pool.callTool('mem', 'echo', { text: 'x' })).rejects.toMatchObject({ code: 'timeout' });
    expect(pool.status('mem').state).toBe('error');

    await expect(pool.listTools('mem')).rejects.toMatchObject({ code: 'timeout', message: '"mem" did not finish starting within 1 s' });
    expect(opened).toBe(1);
    // A call, unlike a listing for an unknown name, tries the start again.
    await expect(pool.callTool('mem', 'echo', { text: 'x' })).rejects.toMatchObject({ code: 'timeout' });
    expect(opened).toBe(2);
  });
});
