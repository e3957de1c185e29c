import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpConfig } from '../../shared/config';
import type { ServerState } from '../../shared/api';
import { inMemoryFactory } from '../../test/support/in-memory-factory';
import { rejection } from '../../test/support/rejection';
import { createPool, type ConnectionFactory, type Pool, type SetTimer } from './index';

const dirs: string[] = [];
const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * The in-memory factory with hands: `holdConnect()` holds the next connect until released (or its
 * start is aborted), `holdClose()` the next close of a connection until released. Nothing is timed.
 */
function heldFactory(): {
  connect: ConnectionFactory;
  inner: ReturnType<typeof inMemoryFactory>;
  holdConnect: () => { reached: Promise<void>; release: () => void };
  holdClose: () => { reached: Promise<void>; release: () => void };
} {
  const inner = inMemoryFactory();
  let connectHold: { reached: ReturnType<typeof deferred>; gate: ReturnType<typeof deferred> } | undefined;
  let closeHold: { reached: ReturnType<typeof deferred>; gate: ReturnType<typeof deferred> } | undefined;
  const hold = (): { reached: ReturnType<typeof deferred>; gate: ReturnType<typeof deferred> } => ({ reached: deferred(), gate: deferred() });
  const connect: ConnectionFactory = async (request) => {
    const held = connectHold;
    connectHold = undefined;
    if (held) {
      held.reached.resolve();
      await new Promise<void>((resolve, reject) => {
        void held.gate.promise.then(resolve);
        request.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      });
    }
    const conn = await inner.connect(request);
    const close = conn.close;
    return {
      ...conn,
      close: async () => {
        const closing = closeHold;
        closeHold = undefined;
        if (closing) {
          closing.reached.resolve();
          await closing.gate.promise;
        }
        await close();
      },
    };
  };
  return {
    connect,
    inner,
    holdConnect: () => {
      connectHold = hold();
      return { reached: connectHold.reached.promise, release: connectHold.gate.resolve };
    },
    holdClose: () => {
      closeHold = hold();
      return { reached: closeHold.reached.promise, release: closeHold.gate.resolve };
    },
  };
}

/** Its idle time tells its idle countdown from the pool's other timers. */
const ENTRY = { command: 'no-such-command-anywhere', idleTimeoutMs: 123_457 };

/** `states`: those published after `watch()`. */
async function poolWithServer(idleTimers?: (() => void)[]): Promise<{ pool: Pool; states: ServerState[]; watch: () => void; factory: ReturnType<typeof heldFactory> }> {
  const factory = heldFactory();
  const dir = mkdtempSync(join(tmpdir(), 'pool-restart-stops-'));
  dirs.push(dir);
  const setTimer: SetTimer = (run, ms) => {
    if (ms === ENTRY.idleTimeoutMs) idleTimers?.push(run);
    return () => undefined;
  };
  const pool = createPool({ cacheDir: dir, setTimer }, { connect: factory.connect });
  pools.push(pool);
  await pool.apply({ mcpServers: { mem: ENTRY } });
  const states: ServerState[] = [];
  let watching = false;
  pool.on('state', (status) => {
    if (watching) states.push(status.state);
  });
  return { pool, states, watch: () => (watching = true), factory };
}

describe('pool: a restart is not a person stop', () => {
  it('lets a connect under way when the entry changes go on with the new entry', async () => {
    const { pool, factory } = await poolWithServer();
    const held = factory.holdConnect();
    const connecting = pool.start('mem');
    await held.reached;
    const changed: McpConfig = { mcpServers: { mem: { ...ENTRY, args: ['--changed'] } } };
    await pool.apply(changed);
    expect((await connecting).state).toBe('ready');
    expect(factory.inner.requests).toHaveLength(1);
    expect(factory.inner.requests[0]?.config).toMatchObject({ args: ['--changed'] });
  });

  it('lets a connect under way when Restart is pressed connect, to the restarted server', async () => {
    const { pool, factory } = await poolWithServer();
    const held = factory.holdConnect();
    const connecting = pool.start('mem');
    await held.reached;
    const restarting = pool.restart('mem');
    expect((await connecting).state).toBe('ready');
    expect((await restarting).state).toBe('ready');
    // The held connect was aborted before it opened anything: one connection, shared by both.
    expect(factory.inner.requests).toHaveLength(1);
  });

  it('keeps the server stopped when the person stops while the changed entry restarts it', async () => {
    const { pool, factory } = await poolWithServer();
    expect((await pool.start('mem')).state).toBe('ready');
    let stopping: Promise<unknown> | undefined;
    // Asked as the restart's stop moves the server to stopped, before its start.
    pool.on('state', (status) => {
      if (status.state === 'stopped') stopping ??= pool.stop('mem');
    });
    await pool.apply({ mcpServers: { mem: { ...ENTRY, args: ['--changed'] } } });
    await stopping;
    expect(stopping).toBeDefined();
    expect(pool.status('mem').state).toBe('stopped');
    expect(factory.inner.requests).toHaveLength(1);
  });

  it('still fails a connect as stopped when the person stops as the entry changes', async () => {
    const { pool, factory } = await poolWithServer();
    const held = factory.holdConnect();
    const connecting = rejection(pool.start('mem'));
    await held.reached;
    const applying = pool.apply({ mcpServers: { mem: { ...ENTRY, args: ['--changed'] } } });
    await pool.stop('mem');
    await applying;
    expect((await connecting).message).toBe('"mem" was stopped while starting');
    expect(pool.status('mem').state).toBe('stopped');
  });
});

describe('pool: a person stop during a restart', () => {
  it('wins when it lands while the restart stops the server', async () => {
    const { pool, states, watch, factory } = await poolWithServer();
    expect((await pool.start('mem')).state).toBe('ready');
    watch();
    const closing = factory.holdClose();
    const restarting = rejection(pool.restart('mem'));
    await closing.reached;
    const stopping = pool.stop('mem');
    closing.release();
    expect((await stopping).state).toBe('stopped');
    expect((await restarting).message).toBe('"mem" was stopped while starting');
    expect(pool.status('mem').state).toBe('stopped');
    expect(states).toEqual(['stopped']);
    expect(factory.inner.requests).toHaveLength(1);
  });

  it('wins when it lands while the restart starts the server', async () => {
    const { pool, factory } = await poolWithServer();
    expect((await pool.start('mem')).state).toBe('ready');
    const held = factory.holdConnect();
    const restarting = rejection(pool.restart('mem'));
    await held.reached;
    expect((await pool.stop('mem')).state).toBe('stopped');
    expect((await restarting).message).toBe('"mem" was stopped while starting');
    expect(factory.inner.requests).toHaveLength(1);
  });
});

describe('pool: a restart asked before a person stop that reached the pool first', () => {
  it('fails as stopped while starting: the stop, asked last, wins', async () => {
    const { pool, factory } = await poolWithServer();
    expect((await pool.start('mem')).state).toBe('ready');
    const asked = pool.stopsAsked('mem');
    expect((await pool.stop('mem')).state).toBe('stopped');
    expect((await rejection(pool.restart('mem', asked))).message).toBe('"mem" was stopped while starting');
    expect(pool.status('mem').state).toBe('stopped');
    expect(factory.inner.requests).toHaveLength(1);
  });
});

describe('pool: a person stop joining an idle stop', () => {
  it('ends the server stopped, not idle', async () => {
    const timers: (() => void)[] = [];
    const { pool, states, watch, factory } = await poolWithServer(timers);
    expect((await pool.start('mem')).state).toBe('ready');
    watch();
    const closing = factory.holdClose();
    for (const run of timers.splice(0)) run();
    await closing.reached;
    const stopping = pool.stop('mem');
    closing.release();
    expect((await stopping).state).toBe('stopped');
    expect(states).toEqual(['stopped']);
  });
});
