import { createMcpHandler, Server } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { ServerPool, type Track } from './modern-server-pool';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

function post(id: number, name: string): Request {
  return new Request('http://127.0.0.1/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {}, _meta: META } }),
  });
}

/** A pool of real SDK v2 servers behind a real createMcpHandler; `slow` waits for `release`. */
interface Served {
  pool: ServerPool;
  made: Server[];
  /** Resolves when a `slow` call has begun. */
  started: Promise<void>;
  release: () => void;
  fetch: (id: number, name: string) => Promise<unknown>;
}

function served(): Served {
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let begun = (): void => undefined;
  const started = new Promise<void>((resolve) => (begun = resolve));
  const made: Server[] = [];
  const pool = new ServerPool((track: Track) => {
    const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/call', (request) =>
      track(async () => {
        if (request.params.name === 'slow') {
          begun();
          await gate;
        }
        return { content: [{ type: 'text' as const, text: `${request.params.name} by ${made.indexOf(server)}` }] };
      }),
    );
    made.push(server);
    return server;
  }, 2);
  const handler = createMcpHandler(() => pool.take(), { legacy: 'reject' });
  const fetch = async (id: number, name: string): Promise<unknown> => ((await (await handler.fetch(post(id, name))).json()) as { result?: { content?: Array<{ text?: string }> } }).result?.content?.[0]?.text;
  return { pool, made, started, release: () => release(), fetch };
}

describe("ServerPool: one agent's SDK v2 servers reused from request to request", () => {
  it('serves one request after another with the same server', async () => {
    const { pool, made, fetch } = served();
    expect(await fetch(1, 'a')).toBe('a by 0');
    expect(await fetch(1, 'b')).toBe('b by 0');
    expect(await fetch(2, 'c')).toBe('c by 0');
    expect(made).toHaveLength(1);
    expect(pool.idle).toBe(1);
  });

  it('gives requests in flight at once servers of their own, and keeps at most its limit idle', async () => {
    const { pool, made, release, fetch } = served();
    const slow = [fetch(1, 'slow'), fetch(1, 'slow'), fetch(1, 'slow')];
    // The same JSON-RPC id on every request: each is answered by its own exchange all the same.
    expect(await fetch(1, 'quick')).toBe('quick by 3');
    release();
    expect(await Promise.all(slow)).toEqual(['slow by 0', 'slow by 1', 'slow by 2']);
    expect(made).toHaveLength(4);
    expect(pool.idle).toBe(2);
  });

  it('does not lend a server again while a handler of an abandoned request still runs on it', async () => {
    const { pool, made, started, release, fetch } = served();
    const handler = createMcpHandler(() => pool.take(), { legacy: 'reject' });
    const abort = new AbortController();
    const request = post(7, 'slow');
    const abandoned = handler.fetch(new Request(request, { signal: abort.signal }));
    await started;
    abort.abort();
    await expect(abandoned).resolves.toMatchObject({ status: 499 });
    // Its exchange is closed, its handler still waits: the next request gets another server.
    expect(pool.idle).toBe(0);
    expect(await fetch(8, 'next')).toBe('next by 1');
    release();
    await expect.poll(() => pool.idle, { timeout: 10_000 }).toBe(2);
    expect(made).toHaveLength(2);
  });
});
