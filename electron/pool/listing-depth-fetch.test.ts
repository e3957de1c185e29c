import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_LISTING_DEPTH, MAX_LISTING_FLOOD_DEPTH, MAX_MESSAGE_DEPTH } from './listing-depth';
import { listingDepthFetch } from './listing-depth-fetch';
import { withBody } from './message-bound';
import { bracketDepthOf, sseMessagesOf } from '../../test/support/sse-messages';

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const nested = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);

/** A raw Streamable HTTP endpoint on 127.0.0.1 that answers any POST with these SSE events, in one write each. */
async function sseServer(events: string[]): Promise<string> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const data of events) response.write(`data: ${data}\n\n`);
    response.end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

const LISTING = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { tools: [{ name: 'plain', inputSchema: { type: 'object', properties: {} } }] } });

async function listed(events: string[]): Promise<{ body: string; logged: string[] }> {
  const logged: string[] = [];
  const fetch = listingDepthFetch((url, init) => globalThis.fetch(url, init), 'deep', (line) => logged.push(line));
  const response = await fetch(await sseServer(events), { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }) });
  return { body: await response.text(), logged };
}

describe("listingDepthFetch: a message past a message's bound on the listing's own SSE stream", () => {
  it('a notification is left out and logged as one; the listing answered after it is read', async () => {
    const note = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: '@' } }).replace('"@"', nested(300));
    const { body, logged } = await listed([note, LISTING]);
    expect(body).toContain(LISTING);
    expect(body).not.toContain('notifications/message');
    expect(body).not.toContain('nested deeper');
    expect(logged).toEqual([
      `[deep] sent a notification nested deeper than ${MAX_MESSAGE_DEPTH} levels while answering tools/list; it was not read (only the listing's answer may nest deeper)`,
    ]);
  });

  it("a server's request is left out and logged as one, as deep as even a listing may not nest", async () => {
    const ask = JSON.stringify({ jsonrpc: '2.0', method: 'sampling/createMessage', params: { data: '@' }, id: 'ask-1' }).replace('"@"', nested(4 * MAX_LISTING_DEPTH));
    const { body, logged } = await listed([ask, LISTING]);
    expect(body).toContain(LISTING);
    expect(body).not.toContain('sampling/createMessage');
    expect(logged).toEqual([
      `[deep] sent a request nested deeper than ${MAX_MESSAGE_DEPTH} levels while answering tools/list; it was not read (only the listing's answer may nest deeper)`,
    ]);
  });

  it('an answer to another request is left out and logged as a message, not a request; our error answer to it stands in', async () => {
    const other = JSON.stringify({ jsonrpc: '2.0', id: 3, result: { data: '@' } }).replace('"@"', nested(300));
    const { body, logged } = await listed([other, LISTING]);
    const messages = sseMessagesOf(body).map((text) => JSON.parse(text) as unknown);
    expect(messages).toEqual([
      { jsonrpc: '2.0', id: 3, error: expect.objectContaining({ code: -32603, message: `"deep" sent a message nested deeper than ${MAX_MESSAGE_DEPTH} levels; it was not read` }) as unknown },
      JSON.parse(LISTING),
    ]);
    expect(logged).toEqual([
      `[deep] sent a message nested deeper than ${MAX_MESSAGE_DEPTH} levels while answering tools/list; it was not read (only the listing's answer may nest deeper)`,
    ]);
  });

  it("the listing's own answer still nests deeper than a message, and past the listing's bound is refused as the listing's", async () => {
    const deepListing = (levels: number): string => LISTING.replace('{"type":"object","properties":{}}', `{"x":${nested(levels)}}`);
    const within = await listed([deepListing(300)]);
    expect(within.body).toContain(deepListing(300));
    const past = await listed([deepListing(4 * MAX_LISTING_DEPTH)]);
    expect(past.body).toContain('sent a listing nested deeper');
    expect(past.logged).toEqual([]);
  });
});

describe("listingDepthFetch: a server's request naming our listing's id, past a message's bound on the listing's stream", () => {
  // JSON-RPC ids are each side's own: a request with our id is no answer, wherever its method comes.
  const ask = (levels: number, order: 'id, method' | 'id last' | 'method last'): string => {
    const members = { 'id, method': { jsonrpc: '2.0', id: 7, method: 'elicitation/create', params: { d: '@' } }, 'id last': { jsonrpc: '2.0', method: 'elicitation/create', params: { d: '@' }, id: 7 }, 'method last': { jsonrpc: '2.0', id: 7, params: { d: '@' }, method: 'elicitation/create' } };
    return JSON.stringify(members[order]).replace('"@"', nested(levels));
  };
  it.each([
    [500, 'id, method'],
    [500, 'id last'],
    [500, 'method last'],
    [4 * MAX_LISTING_DEPTH, 'id, method'],
    [4 * MAX_LISTING_DEPTH, 'method last'],
  ] as const)('%i levels (%s) is left out and logged as a request; the listing after it is read', async (levels, order) => {
    const { body, logged } = await listed([ask(levels, order), LISTING]);
    expect(body).not.toContain('elicitation/create');
    expect(sseMessagesOf(body)).toEqual([LISTING]);
    expect(logged).toEqual([
      `[deep] sent a request nested deeper than ${MAX_MESSAGE_DEPTH} levels while answering tools/list; it was not read (only the listing's answer may nest deeper)`,
    ]);
  });

});

/**
 * A raw endpoint on 127.0.0.1 that writes `pieces` one by one, each only once the client has read all
 * before it, so no two are joined into one chunk; with the fetch that reads from it.
 */
async function piecewise(pieces: string[]): Promise<{ url: string; fetch: typeof globalThis.fetch }> {
  let read = 0;
  let wake = (): void => undefined;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    void (async () => {
      let written = 0;
      for (const piece of pieces) {
        response.write(piece);
        written += Buffer.byteLength(piece);
        while (read < written) await new Promise<void>((resolve) => (wake = resolve));
      }
      response.end();
    })();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await globalThis.fetch(url, init);
    const counted = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        read += chunk.byteLength;
        controller.enqueue(chunk);
        wake();
      },
    });
    return withBody(response, (response.body as ReadableStream<Uint8Array>).pipeThrough(counted));
  };
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, fetch };
}

async function listedInPieces(pieces: string[]): Promise<{ messages: string[]; logged: string[] }> {
  const logged: string[] = [];
  const { url, fetch: raw } = await piecewise(pieces);
  const fetch = listingDepthFetch(raw, 'deep', (line) => logged.push(line));
  const response = await fetch(url, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }) });
  return { messages: sseMessagesOf(await response.text()), logged };
}

describe("listingDepthFetch: our listing's answer past a message's bound, passed on in part", () => {
  it('names a method after its result: the listing fails with our error, the rest is not read', async () => {
    const start = `data: {"jsonrpc":"2.0","id":7,"result":{"tools":[],"d":${'['.repeat(400)}`;
    const { messages } = await listedInPieces([start, `${']'.repeat(400)}},"method":"elicitation/create"}\n\n`, `data: ${LISTING}\n\n`]);
    const whole = messages.flatMap((text) => (text.endsWith('}') ? [JSON.parse(text) as unknown] : []));
    expect(whole).toEqual([{ jsonrpc: '2.0', id: 7, error: expect.objectContaining({ message: expect.stringContaining('sent a listing nested deeper') as unknown }) as unknown }]);
    expect(messages.join('')).not.toContain('elicitation/create');
  });
});

describe("listingDepthFetch: an event left out after its start was passed on", () => {
  it('is ended for the SDK: the starts of events left out are not joined into one answer past the bound', async () => {
    const pieces = [`data: {"jsonrpc":"2.0","result":{"tools":[{"name":"x","inputSchema":${'['.repeat(250)}\n`];
    for (let i = 0; i < 8; i++) pieces.push(`data: ${'['.repeat(600)}\n\n`, `data: ${'['.repeat(250)}\n`);
    pieces.push(`data: ${']'.repeat(2254 - 4)}}]},"id":7}\n\n`);
    const { messages, logged } = await listedInPieces(pieces);
    expect(logged).toHaveLength(8);
    for (const message of messages) expect(bracketDepthOf(message)).toBeLessThanOrEqual(MAX_MESSAGE_DEPTH - MAX_LISTING_DEPTH + MAX_LISTING_FLOOD_DEPTH);
  });

  it('a deep notification split across two writes leaves the listing after it whole, and nothing the SDK parses as bad JSON', async () => {
    const start = '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":';
    const { messages, logged } = await listedInPieces([`data: ${start}${'['.repeat(100)}`, `${nested(200)}${']'.repeat(100)}}}\n\n`, `data: ${LISTING}\n\n`]);
    expect(messages).toEqual([LISTING]);
    expect(logged).toEqual([
      `[deep] sent a notification nested deeper than ${MAX_MESSAGE_DEPTH} levels while answering tools/list; it was not read (only the listing's answer may nest deeper)`,
    ]);
  });
});
