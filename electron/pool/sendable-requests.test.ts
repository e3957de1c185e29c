import { PassThrough, Writable } from 'node:stream';
import { createInterface } from 'node:readline';
import type { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { FakeChild, spawnOf } from '../../test/support';
import { openConnection, type Connection, type ConnectOptions } from './connection';
import type { FetchLike } from '../net';

/** The SDK Protocol's private bookkeeping of requests in flight, read in this test only. */
interface PendingMaps {
  _responseHandlers: Map<number, unknown>;
  _progressHandlers: Map<number, unknown>;
  _timeoutInfo: Map<number, unknown>;
}

function pending(client: Client): number[] {
  const maps = client as unknown as PendingMaps;
  return [maps._responseHandlers.size, maps._progressHandlers.size, maps._timeoutInfo.size];
}

const INITIALIZED = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'fake', version: '1' } };

function options(overrides: Partial<ConnectOptions>): ConnectOptions {
  return {
    server: 'srv',
    config: { command: 'fake-server' },
    startupTimeoutMs: 5000,
    signal: new AbortController().signal,
    env: {},
    now: () => 0,
    maxMessageBytes: 1024 * 1024,
    stopGraceMs: 50,
    log: () => undefined,
    onClosed: () => undefined,
    onListChanged: () => undefined,
    onLog: () => undefined,
    ...overrides,
  };
}

/** A fake stdio server that answers `initialize` and nothing else. */
function answeringChild(): FakeChild {
  const child = new FakeChild();
  const input = new PassThrough();
  child.stdin = input;
  createInterface({ input }).on('line', (line) => {
    const message = JSON.parse(line) as { id?: number; method?: string };
    if (message.method === 'initialize') child.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: INITIALIZED })}\n`);
  });
  return child;
}

function deep(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

function cyclic(): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  value['self'] = value;
  return value;
}

async function failedCall(conn: Connection, args: Record<string, unknown>): Promise<CodedError> {
  const error: unknown = await conn.client.callTool({ name: 'echo', arguments: args }, { timeout: 60_000, onprogress: () => undefined }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CodedError);
  return error as CodedError;
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const opened: Connection[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});

async function stdioConnection(child: FakeChild): Promise<Connection> {
  const conn = await openConnection(options({ spawn: spawnOf(child) }));
  opened.push(conn);
  return conn;
}

describe('a failed send leaves nothing behind in the SDK client, and is no answer of the server', () => {
  it('stdio: values that cannot be serialized are invalid_input', async () => {
    const conn = await stdioConnection(answeringChild());
    for (const args of [{ n: 10n }, cyclic(), deep(1_000_000)]) {
      const error = await failedCall(conn, args);
      expect(error.code).toBe('invalid_input');
      await turn();
      expect(pending(conn.client)).toEqual([0, 0, 0]);
    }
    expect((await failedCall(conn, deep(1_000_000))).message).toBe('the request to "srv" cannot be sent as JSON: it is nested too deeply');
  });

  it('stdio: a write error and a closed pipe are server_unavailable, and no answer the server never sent is logged as dropped', async () => {
    const child = answeringChild();
    const lines: string[] = [];
    const conn = await openConnection(options({ spawn: spawnOf(child), log: (line) => lines.push(line) }));
    opened.push(conn);
    child.stdin = new Writable({
      write(_chunk, _encoding, done) {
        done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    child.stdin.on('error', () => undefined);
    const writeError = await failedCall(conn, { x: 1 });
    expect(writeError).toMatchObject({ code: 'server_unavailable', message: 'could not write to "srv": write EPIPE' });
    await turn();
    expect(pending(conn.client)).toEqual([0, 0, 0]);

    child.stdin.destroy();
    const closed = await failedCall(conn, { x: 1 });
    expect(closed).toMatchObject({ code: 'server_unavailable', message: '"srv" is not running' });
    await turn();
    expect(pending(conn.client)).toEqual([0, 0, 0]);
    expect(lines.filter((line) => line.includes('answer'))).toEqual([]);
  });

  it('http: a network failure, an HTTP error and an unserializable value', async () => {
    let mode: 'throw' | 'status' = 'throw';
    const fetch: FetchLike = (_url, init) => {
      const message = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { id?: number; method: string };
      if (message.method === 'initialize') {
        return Promise.resolve(Response.json({ jsonrpc: '2.0', id: message.id, result: INITIALIZED }));
      }
      // A 2025-era server: the pool's probe finds no server/discover, so it initializes.
      if (message.method === 'server/discover') {
        return Promise.resolve(Response.json({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } }));
      }
      if (message.id === undefined) return Promise.resolve(new Response(null, { status: 202 }));
      if (mode === 'throw') {
        return Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }));
      }
      return Promise.resolve(new Response('boom', { status: 500 }));
    };
    const lines: string[] = [];
    const conn = await openConnection(options({ config: { type: 'http', url: 'http://127.0.0.1:9/mcp' }, httpFetch: () => fetch, log: (line) => lines.push(line) }));
    opened.push(conn);
    const attempt = async (args: Record<string, unknown>): Promise<unknown> => {
      const error: unknown = await conn.client.callTool({ name: 'echo', arguments: args }, { onprogress: () => undefined }).catch((e: unknown) => e);
      await turn();
      expect(pending(conn.client)).toEqual([0, 0, 0]);
      return error;
    };
    expect(await attempt({ x: 1 })).toBeInstanceOf(TypeError);
    mode = 'status';
    expect(await attempt({ x: 1 })).toMatchObject({ status: 500 });
    expect(await attempt({ n: 1n })).toMatchObject({ code: 'invalid_input' });
    // The server sent nothing for these: no late answer of it is logged.
    expect(lines.filter((line) => line.includes('answer'))).toEqual([]);
  });
});
