import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/server';
import { expect } from 'vitest';
import type { ResourceSubscriber } from '../../electron/pool/resource-subscriber';
import type { WaitOptions } from '../../electron/pool/listen-waits';
import { createPool, type ConnectionFactory, type Pool, type SetTimer } from '../../electron/pool';
import { linkedConnection } from './linked-connection';

/** Pools and their cache folders made by `started`: ended by `endSubscriptionPools` after each test. */
const dirs: string[] = [];
const pools: Pool[] = [];

export async function endSubscriptionPools(): Promise<void> {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** One subscribe or unsubscribe that reached the connection: answered when the test says; its signal ends it as the SDK's does. */
export interface Sent {
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
    const subscriptions = {
      subscribe: (uri: string, options: WaitOptions) => record(uri, true, options),
      unsubscribe: (uri: string, options: WaitOptions) => record(uri, false, options),
      open: () => Promise.resolve(),
      close: () => Promise.resolve(),
    };
    return linkedConnection(server, request, () => ({ subscriptions: subscriptions as unknown as ResourceSubscriber }));
  };
  return { connect, sent };
}

/** A pool whose server "board" (with `config` in its entry) records its subscriptions; `lateAbort` as recordingFactory's. */
export async function started(lateAbort = false, setTimer?: SetTimer, config: { timeoutMs?: number } = {}): Promise<{ pool: Pool; sent: Sent[]; logs: string[] }> {
  const factory = recordingFactory(lateAbort);
  const dir = mkdtempSync(join(tmpdir(), 'slot-subscriptions-'));
  dirs.push(dir);
  const logs: string[] = [];
  const pool = createPool({ cacheDir: dir, now: () => 0, log: (line) => logs.push(line), ...(setTimer ? { setTimer } : {}) }, { connect: factory.connect });
  pools.push(pool);
  await pool.apply({ mcpServers: { board: { type: 'http', url: 'http://127.0.0.1:9/mcp', ...config } } });
  await pool.start('board');
  return { pool, sent: factory.sent, logs };
}

export const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

export type Started = Awaited<ReturnType<typeof started>>;

/** The first caller of a URI leaves its subscribe while it is in flight; a later caller then subscribes (with `signal`, if given). */
export async function firstLeavesThenLater(pool: Started['pool'], signal?: AbortSignal): Promise<{ later: Promise<void> }> {
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
