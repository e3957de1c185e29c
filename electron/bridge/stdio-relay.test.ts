import { PassThrough } from 'node:stream';
import * as client from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { StdioRelay, type RelayTransports } from './stdio-relay';

const sdk: RelayTransports = client;

/** A bridge stand-in (unit test of the relay alone): a session, then a 401 once the token is rotated. */
function bridge(): { fetch: (url: string | URL, init?: RequestInit) => Promise<Response>; rotate: () => void; received: unknown[] } {
  let rotated = false;
  const received: unknown[] = [];
  return {
    received,
    rotate: () => (rotated = true),
    fetch: (_url, init) => {
      if (init?.method !== 'POST') return Promise.resolve(new Response(null, { status: 405 }));
      if (rotated) return Promise.resolve(Response.json({ jsonrpc: '2.0', error: { code: -32001, message: 'the agent token is not valid' }, id: null }, { status: 401 }));
      const message = JSON.parse(init.body as string) as { id?: number; method?: string };
      received.push(message);
      if (message.id === undefined || message.method === undefined) return Promise.resolve(new Response(null, { status: 202 }));
      if (message.method === 'tools/call') {
        // A step of progress, then the answer, on one stream: as the bridge answers a call with a progress token.
        const events = [
          { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p', progress: 1, total: 1 } },
          { jsonrpc: '2.0', id: message.id, result: { content: [] } },
        ];
        const body = events.map((event) => `event: message\ndata: ${JSON.stringify(event)}\n\n`).join('');
        return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream', 'mcp-session-id': 's1' } }));
      }
      const result = message.method === 'initialize' ? { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'b', version: '1' } } : {};
      return Promise.resolve(Response.json({ jsonrpc: '2.0', id: message.id, result }, { headers: { 'mcp-session-id': 's1' } }));
    },
  };
}

/** The client's side of the relay: what it writes, and what it has been sent so far. */
function pipes(): { stdin: PassThrough; stdout: PassThrough; out: string[] } {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const out: string[] = [];
  stdout.on('data', (chunk: Buffer) => out.push(chunk.toString()));
  return { stdin, stdout, out };
}

describe('StdioRelay on SDK v2', () => {
  it('ends with a clear error when the bridge refuses the token mid-run (401)', async () => {
    const { stdin, stdout, out } = pipes();
    const fake = bridge();
    const relay = new StdioRelay({ bridgeUrl: 'http://127.0.0.1:1/mcp', token: 't', fetch: fake.fetch, stdin, stdout, notice: () => undefined, sdk });
    const running = relay.run();
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } })}\n`);
    await expect.poll(() => out.join(''), { timeout: 10_000 }).toContain('"serverInfo"');
    fake.rotate();
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
    const failed = await running.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(CodedError);
    expect((failed as CodedError).message).toContain('no longer accepts the agent token (401)');
  });

  it("writes a call's answer after its progress only once the client answered a ping, and keeps that answer from the bridge", async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const lines: Array<Record<string, unknown>> = [];
    let partial = '';
    stdout.on('data', (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop() ?? '';
      for (const part of parts) lines.push(JSON.parse(part) as Record<string, unknown>);
    });
    const fake = bridge();
    const relay = new StdioRelay({ bridgeUrl: 'http://127.0.0.1:1/mcp', token: 't', fetch: fake.fetch, stdin, stdout, notice: () => undefined, sdk });
    const running = relay.run();
    const send = (msg: unknown): boolean => stdin.write(`${JSON.stringify(msg)}\n`);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
    await expect.poll(() => lines.length, { timeout: 10_000 }).toBe(1);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'x', arguments: {}, _meta: { progressToken: 'p' } } });
    await expect.poll(() => lines.length, { timeout: 10_000 }).toBe(3);
    const ping = lines[2];
    expect(lines[1]).toMatchObject({ method: 'notifications/progress' });
    expect(ping).toMatchObject({ method: 'ping' });
    send({ jsonrpc: '2.0', id: ping?.['id'], result: {} });
    await expect.poll(() => lines.length, { timeout: 10_000 }).toBe(4);
    expect(lines[3]).toMatchObject({ id: 2, result: { content: [] } });
    expect(fake.received.some((msg) => (msg as { id?: unknown }).id === ping?.['id'])).toBe(false);
    stdin.end();
    await running;
  });

  it('sends a call while the one before still waits for its answer, and a cancel only once the bridge took what it cancels', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const fake = bridge();
    // The bridge holds the first call's answer (and so its headers) until released, as it holds them for a slow call.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetch: typeof fake.fetch = async (url, init) => {
      const message = init?.body === undefined ? {} : (JSON.parse(init.body as string) as { id?: unknown });
      if (message.id === 'slow') {
        fake.received.push(message);
        await held;
        return Response.json({ jsonrpc: '2.0', id: 'slow', result: { content: [] } }, { headers: { 'mcp-session-id': 's1' } });
      }
      return fake.fetch(url, init);
    };
    const relay = new StdioRelay({ bridgeUrl: 'http://127.0.0.1:1/mcp', token: 't', fetch, stdin, stdout, notice: () => undefined, sdk });
    const running = relay.run();
    const send = (msg: unknown): boolean => stdin.write(`${JSON.stringify(msg)}\n`);
    const ids = (): unknown[] => fake.received.map((msg) => (msg as { id?: unknown; method?: string; params?: { requestId?: unknown } }).id ?? (msg as { params?: { requestId?: unknown } }).params?.requestId);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 'slow', method: 'tools/call', params: { name: 'x', arguments: {} } });
    send({ jsonrpc: '2.0', id: 'next', method: 'tools/list' });
    send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'slow', reason: 'Esc' } });
    // The next request reached the bridge while the slow one had no answer yet; the cancel waits for the slow one.
    await expect.poll(ids, { timeout: 10_000 }).toContain('next');
    expect(fake.received.some((msg) => (msg as { method?: string }).method === 'notifications/cancelled')).toBe(false);
    expect(ids().indexOf('slow')).toBeLessThan(ids().indexOf('next'));
    release();
    await expect.poll(() => fake.received.some((msg) => (msg as { method?: string }).method === 'notifications/cancelled'), { timeout: 10_000 }).toBe(true);
    stdin.end();
    await running;
  });

  it('says in a few words on stderr why a line was unreadable, as its answer to the client does, never the schema dump', async () => {
    const { stdin, stdout, out } = pipes();
    const notices: string[] = [];
    const relay = new StdioRelay({ bridgeUrl: 'http://127.0.0.1:1/mcp', token: 't', fetch: bridge().fetch, stdin, stdout, notice: (text) => notices.push(text), sdk });
    const running = relay.run();
    stdin.write('{"jsonrpc":"2.0","id":7,"foo":1}\n');
    stdin.write('not json\n');
    await expect.poll(() => notices.length, { timeout: 10_000 }).toBe(2);
    expect(notices).toEqual(['unreadable input from the client: a line is not a JSON-RPC message', 'unreadable input from the client: a line is not JSON']);
    await expect.poll(() => out.join('').split('\n').filter(Boolean).length, { timeout: 10_000 }).toBe(2);
    stdin.end();
    await running;
  });

  it('ends the bridge session before a second initialize, which opens the next one, instead of leaving it open beside it', async () => {
    const { stdin, stdout, out } = pipes();
    const seen: string[] = [];
    let sessions = 0;
    const fetch = (_url: string | URL, init?: RequestInit): Promise<Response> => {
      const session = new Headers(init?.headers).get('mcp-session-id') ?? 'none';
      if (init?.method === 'DELETE') {
        seen.push(`DELETE @${session}`);
        return Promise.resolve(new Response(null, { status: 200 }));
      }
      if (init?.method !== 'POST') return Promise.resolve(new Response(null, { status: 405 }));
      const message = JSON.parse(init.body as string) as { id?: number; method?: string };
      seen.push(`${message.method ?? 'answer'} @${session}`);
      if (message.id === undefined) return Promise.resolve(new Response(null, { status: 202 }));
      if (message.method !== 'initialize') return Promise.resolve(Response.json({ jsonrpc: '2.0', id: message.id, result: { tools: [] } }));
      sessions += 1;
      return Promise.resolve(Response.json({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'b', version: '1' } } }, { headers: { 'mcp-session-id': `s${sessions}` } }));
    };
    const relay = new StdioRelay({ bridgeUrl: 'http://127.0.0.1:1/mcp', token: 't', fetch, stdin, stdout, notice: () => undefined, sdk });
    const running = relay.run();
    const initialize = (id: number): string => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } })}\n`;
    stdin.write(initialize(1));
    await expect.poll(() => out.join(''), { timeout: 10_000 }).toContain('"id":1');
    stdin.write(initialize(2));
    await expect.poll(() => out.join(''), { timeout: 10_000 }).toContain('"id":2');
    stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' })}\n`);
    await expect.poll(() => out.join(''), { timeout: 10_000 }).toContain('"id":3');
    expect(seen).toEqual(['initialize @none', 'DELETE @s1', 'initialize @none', 'tools/list @s2']);
    stdin.end();
    await running;
  });
});
