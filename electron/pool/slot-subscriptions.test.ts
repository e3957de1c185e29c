import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResourceSubscriber } from './resource-subscriber';
import type { WaitOptions } from './listen-waits';
import { ManualTimers } from '../../test/support/manual-timers';
import { createPool, type Connection, type ConnectionFactory, type Pool, type SetTimer } from './index';

const dirs: string[] = [];
const pools: Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** One subscribe or unsubscribe that reached the connection: answered when the test says; its signal ends it as the SDK's does. */
interface Sent {
  uri: string;
  subscribe: boolean;
  options: WaitOptions;
  aborted: boolean;
  answer: () => void;
  fail: (error: Error) => void;
}

/**
 * Connections over an in-memory SDK server whose subscriptions are recorded and answered by the test.
 * With `lateAbort` an aborted request ends only when the test answers or fails it (its cancel raced its answer).
 */
function recordingFactory(lateAbort: boolean): { connect: ConnectionFactory; sent: Sent[] } {
  const sent: Sent[] = [];
  const record = (uri: string, subscribe: boolean, options: WaitOptions): Promise<void> =>
    new Promise((resolve, reject) => {
      const one: Sent = { uri, subscribe, options, aborted: false, answer: resolve, fail: reject };
      options.signal?.addEventListener('abort', () => {
        one.aborted = true;
        if (!lateAbort) reject(new Error('aborted'));
      });
      sent.push(one);
    });
  const connect: ConnectionFactory = async (request) => {
    const server = new McpServer({ name: 'board', version: '1' }, { capabilities: { resources: { subscribe: true } } });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'subscriptions-test', version: '1' }, { capabilities: {} });
    await client.connect(clientSide, { timeout: request.startupTimeoutMs, signal: request.signal });
    const subscriptions = {
      subscribe: (uri: string, options: WaitOptions) => record(uri, true, options),
      unsubscribe: (uri: string, options: WaitOptions) => record(uri, false, options),
      open: () => Promise.resolve(),
      close: () => Promise.resolve(),
    };
    return {
      client,
      pid: undefined,
      ended: () => undefined,
      close: async () => {
        await client.close();
        await server.close();
      },
      protocol: client.getNegotiatedProtocolVersion(),
      subscriptions: subscriptions as unknown as ResourceSubscriber,
      sessionExpired: () => false,
      streamOpened: () => false,
    } satisfies Connection;
  };
  return { connect, sent };
}

async function started(lateAbort = false, setTimer?: SetTimer): Promise<{ pool: Pool; sent: Sent[]; logs: string[] }> {
  const factory = recordingFactory(lateAbort);
  const dir = mkdtempSync(join(tmpdir(), 'slot-subscriptions-'));
  dirs.push(dir);
  const logs: string[] = [];
  const pool = createPool({ cacheDir: dir, now: () => 0, log: (line) => logs.push(line), ...(setTimer ? { setTimer } : {}) }, { connect: factory.connect });
  pools.push(pool);
  await pool.apply({ mcpServers: { board: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } });
  await pool.start('board');
  return { pool, sent: factory.sent, logs };
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

type Started = Awaited<ReturnType<typeof started>>;

/** The first caller of a URI leaves its subscribe while it is in flight; a later caller then subscribes (with `signal`, if given). */
async function firstLeavesThenLater(pool: Started['pool'], signal?: AbortSignal): Promise<{ later: Promise<void> }> {
  const first = new AbortController();
  const leaving = pool.subscribeResource('board', 'ui://board/view', { signal: first.signal });
  await settle();
  first.abort();
  await expect(leaving).rejects.toMatchObject({ data: { cancelled: true } });
  const later = pool.subscribeResource('board', 'ui://board/view', signal ? { signal } : undefined);
  await settle();
  // Wrapped: an async function's returned promise would be awaited here.
  return { later };
}

describe('a server’s resource subscriptions held by several callers', () => {
  it('the first caller of a URI cancelling ends only its own wait: the shared subscribe goes on for the next', async () => {
    const { pool, sent } = await started();
    const first = new AbortController();
    const leaving = pool.subscribeResource('board', 'ui://board/view', { signal: first.signal });
    const staying = pool.subscribeResource('board', 'ui://board/view');
    await settle();
    expect(sent.map((s) => [s.uri, s.subscribe])).toEqual([['ui://board/view', true]]);
    first.abort();
    await expect(leaving).rejects.toMatchObject({ code: 'timeout', data: { cancelled: true } });
    expect(sent[0]?.aborted).toBe(false);
    sent[0]?.answer();
    await expect(staying).resolves.toBeUndefined();
    // Held once: the last holder's unsubscribe gives it back.
    const given = pool.unsubscribeResource('board', 'ui://board/view');
    await settle();
    expect(sent.map((s) => s.subscribe)).toEqual([true, false]);
    sent[1]?.answer();
    await given;
  });

  it('the last waiting caller leaving aborts the shared subscribe; a later caller sends its own', async () => {
    const { pool, sent } = await started();
    const cancel = new AbortController();
    const leaving = pool.subscribeResource('board', 'ui://board/view', { signal: cancel.signal });
    await settle();
    cancel.abort();
    await expect(leaving).rejects.toMatchObject({ data: { cancelled: true } });
    expect(sent[0]?.aborted).toBe(true);
    await settle();
    const later = pool.subscribeResource('board', 'ui://board/view');
    await settle();
    expect(sent.map((s) => [s.subscribe, s.aborted])).toEqual([
      [true, true],
      [false, false],
      [true, false],
    ]);
    sent[2]?.answer();
    await expect(later).resolves.toBeUndefined();
  });

  it('an aborted subscribe is given back all the same: the server may have subscribed before the cancel reached it', async () => {
    const { pool, sent, logs } = await started();
    const cancel = new AbortController();
    const leaving = pool.subscribeResource('board', 'ui://board/view', { signal: cancel.signal });
    await settle();
    cancel.abort();
    await expect(leaving).rejects.toMatchObject({ data: { cancelled: true } });
    await settle();
    expect(sent.map((s) => [s.uri, s.subscribe, s.aborted])).toEqual([
      ['ui://board/view', true, true],
      ['ui://board/view', false, false],
    ]);
    // Best effort: a failed give-back is logged, not thrown at anyone.
    sent[1]?.fail(new Error('no such subscription'));
    await settle();
    expect(logs).toEqual([expect.stringMatching(/^\[board\] giving back an abandoned subscription failed: .*ui:\/\/board\/view: no such subscription$/)]);
  });

  it('a late answer while a later caller’s subscribe is in flight is not given back under it; it is once that one is abandoned too', async () => {
    const { pool, sent } = await started(true);
    const second = new AbortController();
    const { later } = await firstLeavesThenLater(pool, second.signal);
    sent[0]?.answer();
    await settle();
    expect(sent.map((s) => [s.subscribe, s.aborted])).toEqual([
      [true, true],
      [true, false],
    ]);
    second.abort();
    await expect(later).rejects.toMatchObject({ data: { cancelled: true } });
    sent[1]?.fail(new Error('cancelled'));
    await settle();
    expect(sent.map((s) => [s.subscribe, s.aborted])).toEqual([
      [true, true],
      [true, true],
      [false, false],
    ]);
  });

  it('a late answer while a later caller’s subscribe is in flight is given back if that subscribe fails', async () => {
    const { pool, sent } = await started(true);
    const { later } = await firstLeavesThenLater(pool);
    sent[0]?.answer();
    await settle();
    sent[1]?.fail(new Error('resource busy'));
    await expect(later).rejects.toThrow();
    await settle();
    expect(sent.map((s) => s.subscribe)).toEqual([true, true, false]);
  });

  it('a late answer is not given back while a later caller holds the URI: that holder gives it back when it leaves', async () => {
    const { pool, sent } = await started(true);
    const { later } = await firstLeavesThenLater(pool);
    sent[0]?.answer();
    sent[1]?.answer();
    await expect(later).resolves.toBeUndefined();
    await settle();
    expect(sent.map((s) => s.subscribe)).toEqual([true, true]);
    const given = pool.unsubscribeResource('board', 'ui://board/view');
    await settle();
    expect(sent.map((s) => s.subscribe)).toEqual([true, true, false]);
    sent[2]?.answer();
    await given;
  });

  it('a subscribe answered just as its last caller left is given back upstream, not kept for nobody', async () => {
    const { pool, sent } = await started();
    const cancel = new AbortController();
    const leaving = pool.subscribeResource('board', 'ui://board/view', { signal: cancel.signal });
    await settle();
    sent[0]?.answer();
    cancel.abort();
    await expect(leaving).rejects.toMatchObject({ data: { cancelled: true } });
    await settle();
    expect(sent.map((s) => [s.uri, s.subscribe])).toEqual([
      ['ui://board/view', true],
      ['ui://board/view', false],
    ]);
  });
});

describe('each caller’s own timeout on a shared subscribe', () => {
  const uri = 'ui://board/view';

  it('ends only that caller’s wait: the shared subscribe is not sent with it and goes on for a caller with a longer one', async () => {
    const timers = new ManualTimers();
    const { pool, sent } = await started(false, timers.setTimer);
    const short = pool.subscribeResource('board', uri, { timeoutMs: 1000 });
    const long = pool.subscribeResource('board', uri, { timeoutMs: 60_000 });
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.options.timeout).not.toBe(1000);
    timers.advance(1000);
    await expect(short).rejects.toMatchObject({ code: 'timeout', message: expect.stringContaining('within 1 s') as unknown });
    expect(sent[0]?.aborted).toBe(false);
    sent[0]?.answer();
    await expect(long).resolves.toBeUndefined();
  });

  it('the last waiting caller timing out aborts the shared subscribe', async () => {
    const timers = new ManualTimers();
    const { pool, sent } = await started(false, timers.setTimer);
    const first = pool.subscribeResource('board', uri, { timeoutMs: 1000 });
    const second = pool.subscribeResource('board', uri, { timeoutMs: 2000 });
    await settle();
    timers.advance(1000);
    await expect(first).rejects.toMatchObject({ code: 'timeout' });
    expect(sent[0]?.aborted).toBe(false);
    timers.advance(1000);
    await expect(second).rejects.toMatchObject({ code: 'timeout' });
    expect(sent[0]?.aborted).toBe(true);
  });
});

describe('unsubscribing with the caller’s options', () => {
  it('passes its timeout down; its signal ends its wait, but the URI is given back upstream all the same', async () => {
    const { pool, sent } = await started();
    const subscribing = pool.subscribeResource('board', 'ui://board/view');
    await settle();
    sent[0]?.answer();
    await subscribing;
    const cancel = new AbortController();
    const leaving = pool.unsubscribeResource('board', 'ui://board/view', { signal: cancel.signal, timeoutMs: 4_321 });
    await settle();
    expect(sent[1]).toMatchObject({ uri: 'ui://board/view', subscribe: false, options: { timeout: 4_321 } });
    cancel.abort();
    await expect(leaving).rejects.toMatchObject({ data: { cancelled: true } });
    expect(sent[1]?.aborted).toBe(false);
  });

  it('a signal aborted before the call still gives the URI back upstream', async () => {
    const { pool, sent } = await started();
    const subscribing = pool.subscribeResource('board', 'ui://board/view');
    await settle();
    sent[0]?.answer();
    await subscribing;
    await expect(pool.unsubscribeResource('board', 'ui://board/view', { signal: AbortSignal.abort() })).rejects.toMatchObject({ data: { cancelled: true } });
    await settle();
    expect(sent.map((s) => [s.subscribe, s.aborted])).toEqual([
      [true, false],
      [false, false],
    ]);
  });
});
