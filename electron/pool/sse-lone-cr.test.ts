import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { invalidAnswerFetch } from './invalid-answer-fetch';
import { MAX_LISTING_DEPTH, MAX_LISTING_FLOOD_DEPTH, MAX_MESSAGE_DEPTH } from './listing-depth';
import { listingDepthFetch } from './listing-depth-fetch';
import { messageBoundFetch } from './message-bound';
import { bracketDepthOf, sseMessagesOf } from '../../test/support/sse-messages';

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const LIMIT = 1024 * 1024;
const nested = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);
/** The deepest a listing's answer may come through (listing-depth-fetch.ts). */
const BOUND = MAX_MESSAGE_DEPTH - MAX_LISTING_DEPTH + MAX_LISTING_FLOOD_DEPTH;

/** A raw endpoint on 127.0.0.1 that answers any POST with `body` as an event stream. */
async function sseServer(body: string): Promise<string> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.end(body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

/** The body the SDK would read through the chain connection.ts builds, for a tools/list. */
async function listed(body: string, limit = LIMIT): Promise<string> {
  const fetch = invalidAnswerFetch(listingDepthFetch(messageBoundFetch((url, init) => globalThis.fetch(url, init), 'deep', limit), 'deep'));
  const response = await fetch(await sseServer(body), { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }) });
  return response.text();
}

const deepListing = (levels: number): string => JSON.stringify({ jsonrpc: '2.0', id: 7, result: { tools: [{ name: 'x', inputSchema: { type: 'object', x: '@' } }] } }).replace('"@"', nested(levels));

describe('an SSE stream whose lines end in a lone CR (WHATWG HTML §9.2.6)', () => {
  it('does not carry a stray quote into the next event: a listing nested past the bound is refused', async () => {
    const text = await listed(`data: "\r\rdata: ${deepListing(1500)}\r\r`);
    expect(text).toContain('sent a listing nested deeper');
    for (const message of sseMessagesOf(text)) expect(bracketDepthOf(message)).toBeLessThanOrEqual(BOUND);
  });

  it('nor a bracket closed too many times: one event of `]` does not lower the next one`s depth', async () => {
    const text = await listed(`data: ${']'.repeat(1500)}\r\rdata: ${deepListing(1500)}\r\r`);
    for (const message of sseMessagesOf(text)) expect(bracketDepthOf(message)).toBeLessThanOrEqual(BOUND);
  });

  it('passes a listing within the bound whole, the events before it too', async () => {
    const body = `: hello\r\rdata: "\r\rdata: ${deepListing(300)}\r\r`;
    expect(await listed(body)).toBe(body);
  });

  it('bounds each event by bytes: many small ones pass, one over the bound does not', async () => {
    const small = `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'x'.repeat(60) } })}\r\r`;
    const many = small.repeat(20) + `data: ${deepListing(2)}\r\r`;
    expect(await listed(many, 200)).toBe(many);
    const big = `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'x' } })}\rdata: ${'x'.repeat(300)}\r\r`;
    expect(await listed(big, 200)).toContain('sent a message over');
  });
});
