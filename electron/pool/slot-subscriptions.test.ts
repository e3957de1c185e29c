import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResourceSubscriber } from './resource-subscriber';
import type { WaitOptions } from './listen-waits';
import { createPool, type Connection, type ConnectionFactory, type Pool } from './index';

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
}

/** Connections over an in-memory SDK server whose subscriptions are recorded and answered by the test. */
function recordingFactory(): { connect: ConnectionFactory; sent: Sent[] } {
  const sent: Sent[] = [];
  const record = (uri: string, subscribe: boolean, options: WaitOptions): Promise<void> =>
    new Promise((resolve, reject) => {
      const one: Sent = { uri, subscribe, options, aborted: false, answer: resolve };
      options.signal?.addEventListener('abort', () => {
        one.aborted = true;
        reject(new Error('aborted'));
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

async function started(): Promise<{ pool: Pool; sent: Sent[] }> {
  const factory = recordingFactory();
  const dir = mkdtempSync(join(tmpdir(), 'slot-subscriptions-'));
  dirs.push(dir);
  const pool = createPool({ cacheDir: dir, now: () => 0 }, { connect: factory.connect });
  pools.push(pool);
  await pool.apply({ mcpServers: { board: { type: 'http', url: 'http://127.0.0.1:9/mcp' } } });
  await pool.start('board');
  return { pool, sent: factory.sent };
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

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
    const later = pool.subscribeResource('board', 'ui://board/view');
    await settle();
    expect(sent.map((s) => [s.subscribe, s.aborted])).toEqual([
      [true, true],
      [true, false],
    ]);
    sent[1]?.answer();
    await expect(later).resolves.toBeUndefined();
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
