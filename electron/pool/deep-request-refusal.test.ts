import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../net';
import { MAX_REFUSALS_IN_FLIGHT } from './deep-request-refusal';
import { MAX_LISTING_DEPTH, MAX_MESSAGE_DEPTH } from './listing-depth';
import { listingDepthFetch } from './listing-depth-fetch';
import { sseMessagesOf } from '../../test/support/sse-messages';

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const nested = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);
const LISTING = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { tools: [] } });

type Posted = { headers: IncomingHttpHeaders; body: string };

/**
 * A raw Streamable HTTP endpoint on 127.0.0.1: a GET, or a POST of a request of ours (it names a
 * method), is answered with these SSE events; any other POST with 202 Accepted, and given to `answered`.
 */
async function endpoint(events: string[]): Promise<{ url: string; answered: Promise<Posted> }> {
  let got = (_posted: Posted): void => undefined;
  const answered = new Promise<Posted>((resolve) => (got = resolve));
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (text: string) => (body += text));
    request.on('end', () => {
      if (request.method === 'GET' || body.includes('"method"')) {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const data of events) response.write(`data: ${data}\n\n`);
        response.end();
      } else {
        response.writeHead(202).end();
        got({ headers: request.headers, body });
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, answered };
}

describe("listingDepthFetch: a server's request left out on the listing's stream", () => {
  it('is refused with an error answer to its id, POSTed with the session headers of the listing request', { timeout: 10_000 }, async () => {
    const ask = JSON.stringify({ jsonrpc: '2.0', method: 'elicitation/create', params: { data: '@' }, id: 'ask-1' }).replace('"@"', nested(4 * MAX_LISTING_DEPTH));
    const { url, answered } = await endpoint([ask, LISTING]);
    const logged: string[] = [];
    const fetch = listingDepthFetch((to, init) => globalThis.fetch(to, init), 'deep', (line) => logged.push(line));
    const headers = { 'content-type': 'application/json', 'mcp-session-id': 'session-1', 'mcp-protocol-version': '2025-11-25', 'mcp-method': 'tools/list' };
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }) });
    expect(await response.text()).toContain(LISTING);
    const answer = await answered;
    expect(JSON.parse(answer.body)).toEqual({ jsonrpc: '2.0', id: 'ask-1', error: { code: -32600, message: expect.stringContaining('nested deeper than') as unknown } });
    expect(answer.headers).toMatchObject({ 'mcp-session-id': 'session-1', 'mcp-protocol-version': '2025-11-25', 'content-type': 'application/json' });
    // Derived from a request's body: an answer has none.
    expect(answer.headers['mcp-method']).toBeUndefined();
    expect(logged).toHaveLength(1);
  });
});

const TOO_DEEP = `"deep" sent a message nested deeper than ${MAX_MESSAGE_DEPTH} levels; it was not read`;
const deepAsk = (id: string | number, idLast = false): string => {
  const ask = idLast ? { jsonrpc: '2.0', params: { data: '@' }, method: 'sampling/createMessage', id } : { jsonrpc: '2.0', id, method: 'sampling/createMessage', params: { data: '@' } };
  return JSON.stringify(ask).replace('"@"', nested(300));
};
const refusal = (id: string | number): unknown => ({ jsonrpc: '2.0', id, error: { code: -32600, message: expect.stringContaining('nested deeper than') as unknown } });

describe("listingDepthFetch: a server's request too deep on a call's stream", () => {
  it.each([[false], [true]])('is refused to the server (id last: %s); the call fails with the depth error', { timeout: 10_000 }, async (idLast) => {
    const { url, answered } = await endpoint([deepAsk('ask-2', idLast), JSON.stringify({ jsonrpc: '2.0', id: 9, result: { content: [] } })]);
    const logged: string[] = [];
    const fetch = listingDepthFetch((to, init) => globalThis.fetch(to, init), 'deep', (line) => logged.push(line));
    const headers = { 'content-type': 'application/json', 'mcp-session-id': 'session-1' };
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 't', arguments: {} } }) });
    // The start of the cut event, if passed on before the cut, is bad JSON the SDK reports and reads past.
    const messages = sseMessagesOf(await response.text()).flatMap((text) => (text.endsWith('}') ? [JSON.parse(text) as unknown] : []));
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 9, error: expect.objectContaining({ message: TOO_DEEP }) as unknown }]);
    const answer = await answered;
    expect(JSON.parse(answer.body)).toEqual(refusal('ask-2'));
    expect(answer.headers).toMatchObject({ 'mcp-session-id': 'session-1' });
    expect(logged).toEqual([`[deep] sent a request nested deeper than ${MAX_MESSAGE_DEPTH} levels while answering tools/call; it was not read, and is refused`]);
  });
});

describe("listingDepthFetch: a server's request too deep on a GET stream", () => {
  // Its id is the id of a request of ours: taken for an answer, it failed that request.
  it.each([[false], [true]])('is refused to the server and left out (id last: %s), never an answer to our request of its id; the stream reads on', { timeout: 10_000 }, async (idLast) => {
    const note = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'after' } });
    const { url, answered } = await endpoint([deepAsk(3, idLast), note]);
    const logged: string[] = [];
    const fetch = listingDepthFetch((to, init) => globalThis.fetch(to, init), 'deep', (line) => logged.push(line));
    const response = await fetch(url, { method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': 'session-1', 'last-event-id': 'e-1' } });
    const body = await response.text();
    expect(sseMessagesOf(body)).toEqual([note]);
    expect(body).not.toContain('sampling/createMessage');
    const answer = await answered;
    expect(JSON.parse(answer.body)).toEqual(refusal(3));
    // A POST's Accept, and no resumption of the GET's.
    expect(answer.headers).toMatchObject({ 'mcp-session-id': 'session-1', 'content-type': 'application/json', accept: 'application/json, text/event-stream' });
    expect(answer.headers['last-event-id']).toBeUndefined();
    expect(logged).toEqual([`[deep] sent a request nested deeper than ${MAX_MESSAGE_DEPTH} levels; it was not read, and is refused`]);
  });

  it('an answer too deep still fails our request of its id with the depth error', { timeout: 10_000 }, async () => {
    const { url } = await endpoint([JSON.stringify({ jsonrpc: '2.0', id: 3, result: { data: '@' } }).replace('"@"', nested(300))]);
    const fetch = listingDepthFetch((to, init) => globalThis.fetch(to, init), 'deep');
    const response = await fetch(url, { method: 'GET', headers: { accept: 'text/event-stream' } });
    const messages = sseMessagesOf(await response.text()).map((text) => JSON.parse(text) as unknown);
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 3, error: expect.objectContaining({ message: TOO_DEEP }) as unknown }]);
  });
});

describe("listingDepthFetch: a flood of deep server requests on one listing's stream", () => {
  const flood = (count: number): string => {
    const asks = Array.from({ length: count }, (_, id) => `data: ${deepAsk(id)}\n\n`);
    return `${asks.join('')}data: ${LISTING}\n\n`;
  };
  /** A fetch that answers a listing with `stream`, and holds each other POST open until `release`. */
  function holding(stream: string): { fetch: FetchLike; refused: unknown[]; release: (answer: () => Promise<Response>) => void } {
    const refused: unknown[] = [];
    const waiting: Array<(answer: () => Promise<Response>) => void> = [];
    const fetch: FetchLike = async (_url, init) => {
      if (typeof init?.body === 'string' && init.body.includes('tools/list')) return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
      refused.push(JSON.parse(typeof init?.body === 'string' ? init.body : ''));
      return new Promise<() => Promise<Response>>((resolve) => waiting.push(resolve)).then((answer) => answer());
    };
    return { fetch, refused, release: (answer) => waiting.splice(0).forEach((resolve) => resolve(answer)) };
  }
  const list = { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }) };
  // The fetch above does no I/O: every promise it settled has run on by the next turn of the event loop.
  const settle = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
  const notAnswered = (line: string): boolean => line.includes('more were not answered');

  it('sends at most the bound of refusals at once, and says once that more were not answered', async () => {
    const { fetch: raw, refused, release } = holding(flood(40));
    const logged: string[] = [];
    const fetch = listingDepthFetch(raw, 'deep', (line) => logged.push(line));
    expect(await (await fetch('http://127.0.0.1:1/mcp', list)).text()).toContain(LISTING);
    expect(refused).toEqual([0, 1, 2, 3].map(refusal));
    expect(refused).toHaveLength(MAX_REFUSALS_IN_FLIGHT);
    expect(logged.filter(notAnswered)).toEqual([`[deep] sent more requests nested too deep than ${MAX_REFUSALS_IN_FLIGHT} refusals in flight; more were not answered`]);
    // Once those are answered, the next stream's requests are refused again.
    release(() => Promise.resolve(new Response(null, { status: 202 })));
    await settle();
    await (await fetch('http://127.0.0.1:1/mcp', list)).text();
    expect(refused).toHaveLength(2 * MAX_REFUSALS_IN_FLIGHT);
    release(() => Promise.reject(new DOMException('This operation was aborted', 'AbortError')));
  });

  it('an aborted refusal is not logged; a failed one is, redacted', async () => {
    const { fetch: raw, release } = holding(flood(2));
    const logged: string[] = [];
    const fetch = listingDepthFetch(raw, 'deep', (line) => logged.push(line));
    await (await fetch('http://127.0.0.1:1/mcp', list)).text();
    let settled = 0;
    release(() => {
      settled++;
      return Promise.reject(settled === 1 ? new DOMException('This operation was aborted', 'AbortError') : new Error('authorization: Bearer abcdefghijklmnop1234567890'));
    });
    await settle();
    const failed = logged.filter((line) => line.includes('could not be sent'));
    expect(failed).toEqual([`[deep] refused its request 1 nested too deep, but the answer could not be sent: authorization: [redacted]`]);
  });
});
