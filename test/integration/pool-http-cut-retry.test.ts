import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { writeResponse } from '../fixtures/conformance/http';
import { serveRequests } from '../fixtures/servers/serve-handler';
import { listenStateless, type StatelessHttp } from '../fixtures/servers/stateless-http';
import { rejection } from '../support/rejection';
import { tempDir, textOf } from '../support/server-harness';

// A server that closes a kept-alive connection as idle just as our next request goes out on it
// resets that request before any answer (RFC 9112 §9.3.1). A process too busy to see the close in
// time meets it (the conformance suite's client leg did, on two loaded cores). Here an SDK server
// resets the first request of the named method the same way, at the socket, every time.

const open: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

interface CuttingServer extends StatelessHttp {
  /** How many requests of each method arrived, the cut one among them. */
  seen: Map<string, number>;
}

async function cuttingServer(cut: string): Promise<CuttingServer> {
  const seen = new Map<string, number>();
  let calls = 0;
  const listening = await listenStateless((body, res) => {
    const method = (body as { method?: unknown } | undefined)?.method;
    if (typeof method === 'string') seen.set(method, (seen.get(method) ?? 0) + 1);
    if (method === cut && seen.get(method) === 1) {
      res.socket?.resetAndDestroy();
      return undefined;
    }
    const server = new Server({ name: 'cutting', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: 'count', inputSchema: { type: 'object' as const, properties: {} } }] }));
    server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: `call ${++calls}` }] }));
    return server;
  }, true);
  const server = { ...listening, seen };
  open.push(server);
  return server;
}

/** A 2026-07-28 server (SDK v2, no sessions, `legacy: 'reject'`) cutting the first request of `cut` the same way. */
async function cuttingModernServer(cut: string): Promise<CuttingServer> {
  const seen = new Map<string, number>();
  const handler = createMcpHandler(
    () => {
      const server = new McpServer({ name: 'cutting-modern', version: '1.0.0' });
      server.registerTool('era', { description: 'says its era', inputSchema: z.object({}) }, () => ({ content: [{ type: 'text', text: 'modern' }] }));
      return server;
    },
    { legacy: 'reject' },
  );
  const listening = await serveRequests(async (request, res) => {
    const body = request.method === 'POST' ? (JSON.parse(await request.clone().text()) as { method?: unknown }) : undefined;
    const method = body?.method;
    if (typeof method === 'string') seen.set(method, (seen.get(method) ?? 0) + 1);
    if (method === cut && seen.get(method) === 1) {
      res.socket?.resetAndDestroy();
      return;
    }
    await writeResponse(await handler.fetch(request), res);
  });
  const server = { ...listening, seen };
  open.push(server);
  return server;
}

async function poolFor(server: CuttingServer, protocol: 'auto' | '2025-11-25' = '2025-11-25'): Promise<Pool> {
  const pool = createPool({ cacheDir: tempDir('pool-http-cut-'), log: () => undefined });
  open.push(pool);
  await pool.apply({ mcpServers: { cut: { type: 'http', url: server.url, protocol } } });
  return pool;
}

describe('pool: an HTTP request whose connection is cut before any answer', () => {
  it('a listing is sent once more and answered: the server starts with its tools', async () => {
    const server = await cuttingServer('tools/list');
    const pool = await poolFor(server);
    await pool.start('cut');
    expect((await pool.listTools('cut')).map((tool) => tool.name)).toEqual(['count']);
    expect(server.seen.get('tools/list')).toBeGreaterThanOrEqual(2);
    expect(pool.status('cut').state).toBe('ready');
  }, 60_000);

  it('a call is not: it fails saying the connection was cut, the tool ran at most once, and the next call works', async () => {
    const server = await cuttingServer('tools/call');
    const pool = await poolFor(server);
    await pool.start('cut');
    const error = await rejection(pool.callTool('cut', 'count', {}));
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toContain('the connection was cut');
    expect(server.seen.get('tools/call')).toBe(1);
    expect(textOf(await pool.callTool('cut', 'count', {}))).toBe('call 1');
  }, 60_000);

  it.each(['server/discover', 'tools/list'])('in the 2026-07-28 era too: a %s cut is sent once more, and the server is reached in its era', async (method) => {
    const server = await cuttingModernServer(method);
    const pool = await poolFor(server, 'auto');
    expect(textOf(await pool.callTool('cut', 'era', {}))).toBe('modern');
    expect(server.seen.get(method)).toBe(2);
    expect(server.seen.get('initialize')).toBeUndefined();
  }, 60_000);
});
