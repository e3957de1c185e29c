import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_DEPTH } from './listing-depth';
import { listingDepthFetch } from './listing-depth-fetch';

const open: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const close of open.splice(0).reverse()) await close();
});

const nested = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);

/**
 * A raw Streamable HTTP server on 127.0.0.1: a ping is never answered on its own stream; the answer
 * to it comes, nested too deep, on the stream of the next tools/list, before the listing's answer.
 */
async function server(): Promise<string> {
  const held: ServerResponse[] = [];
  let pinged = (_id: unknown): void => undefined;
  const pingId = new Promise<unknown>((resolve) => (pinged = resolve));
  const http: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (text: string) => (body += text));
    request.on('end', () => {
      if (request.method !== 'POST') return response.writeHead(request.method === 'GET' ? 405 : 200).end();
      const message = JSON.parse(body) as { id?: unknown; method?: string };
      if (message.id === undefined) return response.writeHead(202).end();
      if (message.method === 'initialize') {
        const result = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'deep', version: '1' } };
        return response.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'session-1' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      if (message.method === 'ping') {
        held.push(response);
        return pinged(message.id);
      }
      // The listing's stream waits for the ping, whose id the deep answer names.
      void pingId.then((id) => {
        const deep = JSON.stringify({ jsonrpc: '2.0', id, result: { data: '@' } }).replace('"@"', nested(300));
        response.write(`data: ${deep}\n\n`);
        response.end(`data: ${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { tools: [] } })}\n\n`);
      });
    });
  });
  open.push(async () => {
    for (const response of held) response.end();
    await new Promise((resolve) => http.close(resolve));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
}

describe("listingDepthFetch under the SDK's client: an answer to another request, too deep on the listing's stream", () => {
  it('fails that request at once with our error, long before its timeout; the listing is read', { timeout: 20_000 }, async () => {
    const fetch = listingDepthFetch((url, init) => globalThis.fetch(url, init), 'deep');
    const client = new Client({ name: 'deep-test', version: '1' }, { capabilities: {} });
    await client.connect(new StreamableHTTPClientTransport(new URL(await server()), { fetch }));
    open.push(() => client.close());
    const pinged = client.ping({ timeout: 60_000 }).then(
      () => 'answered',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(await client.listTools()).toMatchObject({ tools: [] });
    expect(await pinged).toContain(`"deep" sent a message nested deeper than ${MAX_MESSAGE_DEPTH} levels; it was not read`);
  });
});

/**
 * A raw Streamable HTTP server on 127.0.0.1 whose standalone GET stream carries a server's request
 * nested too deep, with the id of our pending ping; the ping is answered once that request is.
 */
async function askingServer(): Promise<{ url: string; refused: Promise<string> }> {
  const held: ServerResponse[] = [];
  let streamed = (_stream: ServerResponse): void => undefined;
  const stream = new Promise<ServerResponse>((resolve) => (streamed = resolve));
  let refuse = (_body: string): void => undefined;
  const refused = new Promise<string>((resolve) => (refuse = resolve));
  const http: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (text: string) => (body += text));
    request.on('end', () => {
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/event-stream' }).write(': open\n\n');
        held.push(response);
        return streamed(response);
      }
      if (request.method !== 'POST') return response.writeHead(200).end();
      const message = JSON.parse(body) as { id?: number; method?: string };
      if (message.method === undefined) refuse(body);
      if (message.id === undefined || message.method === undefined) return response.writeHead(202).end();
      if (message.method === 'initialize') {
        const result = { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'deep', version: '1' } };
        return response.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 'session-1' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      void stream.then((get) => {
        const ask = JSON.stringify({ jsonrpc: '2.0', id: message.id, method: 'sampling/createMessage', params: { data: '@' } }).replace('"@"', nested(300));
        get.write(`data: ${ask}\n\n`);
        return refused;
      }).then(() => response.end(`data: ${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: {} })}\n\n`));
    });
  });
  open.push(async () => {
    for (const response of held) response.end();
    await new Promise((resolve) => http.close(resolve));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`, refused };
}

describe("listingDepthFetch under the SDK's client: a server's request too deep on the standalone GET stream", () => {
  it('is refused to the server, not taken for the answer to our request of its id', { timeout: 20_000 }, async () => {
    const { url, refused } = await askingServer();
    const fetch = listingDepthFetch((to, init) => globalThis.fetch(to, init), 'deep');
    const client = new Client({ name: 'deep-test', version: '1' }, { capabilities: {} });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch }));
    open.push(() => client.close());
    await expect(client.ping({ timeout: 60_000 })).resolves.toEqual({});
    expect(JSON.parse(await refused)).toMatchObject({ error: { code: -32600 } });
  });
});
