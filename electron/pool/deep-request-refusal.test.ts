import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_LISTING_DEPTH } from './listing-depth';
import { listingDepthFetch } from './listing-depth-fetch';

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const nested = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);
const LISTING = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { tools: [] } });

type Posted = { headers: IncomingHttpHeaders; body: string };

/**
 * A raw Streamable HTTP endpoint on 127.0.0.1: a listing's POST is answered with these SSE events,
 * any other POST with 202 Accepted, and given to `answered`.
 */
async function endpoint(events: string[]): Promise<{ url: string; answered: Promise<Posted> }> {
  let got = (_posted: Posted): void => undefined;
  const answered = new Promise<Posted>((resolve) => (got = resolve));
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (text: string) => (body += text));
    request.on('end', () => {
      if (body.includes('"tools/list"')) {
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
