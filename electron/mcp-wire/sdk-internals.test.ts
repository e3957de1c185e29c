import { CallToolRequestSchema } from '@modelcontextprotocol/core';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { InMemoryTransport, ProtocolError, Server, type JSONRPCMessage, type ServerContext, type Transport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { carriesWireMaterial, clientParts, directDelivery, errorReporter, legacyErrorCode, onParsedRequest, requestHandlers, runningRequests, SDK_PRIVATE_MEMBERS, useIdTables } from '.';

/**
 * The contract with SDK v2's internals (issue #30): each private member the seam reads is there, of
 * the kind the seam expects, and Protocol's `_onrequest` on a 2025-era session does to a tools/call
 * what the bridge's lane (electron/bridge/tool-call-lane.ts) copies. An SDK that renames or drops one,
 * or changes what its module-private 2025 codec does, fails here, naming it, instead of silently
 * sending every call down the slow path or answering differently on the fast one.
 */

/** A transport that keeps what the server sends. */
function recorder(): Transport & { sent: JSONRPCMessage[] } {
  const sent: JSONRPCMessage[] = [];
  return {
    sent,
    sessionId: 'sid',
    start: () => Promise.resolve(),
    send: (message) => {
      sent.push(message);
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(check()).toBe(true);
}

/** A legacy session's server: initialized in 2025-11-25, a tools/call handler registered through the seam. */
async function session(handler: (request: { params: Record<string, unknown> }, ctx: ServerContext) => unknown) {
  const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
  expect(onParsedRequest(server, 'tools/call', CallToolRequestSchema, handler)).toBe(true);
  const transport = recorder();
  await server.connect(transport);
  const deliver = directDelivery(server);
  expect(deliver).toBeTypeOf('function');
  const request = (id: number, method: string, params: Record<string, unknown>): void => deliver?.({ jsonrpc: '2.0', id, method, params }, 'request', {});
  request(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } });
  await until(() => transport.sent.length === 1);
  return { server, transport, request, deliver };
}

describe('the SDK v2 internals the seam relies on', () => {
  it("a Server (Protocol): its handler table, requests in flight, error report and message entries", () => {
    const s = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
    const handlers = requestHandlers(s);
    expect(handlers?.has('initialize')).toBe(true);
    expect(handlers?.has('ping')).toBe(true);
    expect(runningRequests(s)).toBeInstanceOf(Map);
    const seen: Error[] = [];
    s.onerror = (error) => seen.push(error);
    errorReporter(s)?.(new Error('reported'));
    expect(seen.map((e) => e.message)).toEqual(['reported']);
    expect(directDelivery(s)).toBeTypeOf('function');
    // Four per-request tables, each an empty Map before the first request.
    expect(useIdTables(new Server({ name: 's', version: '1' }))).toBe(4);
  });

  it('_onrequest calls the handler the seam registered, with the context the lane imitates, and answers as the lane does', async () => {
    const contexts: ServerContext[] = [];
    const seenParams: unknown[] = [];
    const { transport, request } = await session((req, ctx) => {
      contexts.push(ctx);
      seenParams.push(req.params);
      const name = req.params['name'];
      if (name === 'gone') throw new ProtocolError(-32002, 'no such resource', { uri: 'x' });
      if (name === 'odd') throw Object.assign(new Error('odd'), { code: 1.5 });
      // No content: Server's own registration would add `content: []`; the seam's passes a result as it is.
      return { structuredContent: { a: 1 } };
    });
    request(1, 'tools/call', { name: 'ok', _meta: { progressToken: 'p' } });
    request(2, 'tools/call', { name: 'gone' });
    request(3, 'tools/call', { name: 'odd' });
    request(4, 'tools/call', { name: 'ok', requestState: 's', inputResponses: {}, _meta: { 'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' } } });
    await until(() => transport.sent.length === 5);
    // Key order and content as the lane writes them (tool-call-lane.ts `run`, `errorAnswer`).
    expect(transport.sent.slice(1).map((m) => JSON.stringify(m))).toEqual([
      '{"result":{"structuredContent":{"a":1}},"jsonrpc":"2.0","id":1}',
      '{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"no such resource","data":{"uri":"x"}}}',
      '{"jsonrpc":"2.0","id":3,"error":{"code":-32603,"message":"odd"}}',
      '{"result":{"structuredContent":{"a":1}},"jsonrpc":"2.0","id":4}',
    ]);
    expect(legacyErrorCode(-32002)).toBe(-32602);
    expect(legacyErrorCode(-32601)).toBe(-32601);
    // What the lane's call stands in for: the parts of the context the bridge's handler reads.
    const [first] = contexts;
    expect(first?.sessionId).toBe('sid');
    expect(first?.mcpReq.id).toBe(1);
    expect(first?.mcpReq._meta).toEqual({ progressToken: 'p' });
    expect(first?.mcpReq.signal).toBeInstanceOf(AbortSignal);
    expect(first?.mcpReq.notify).toBeTypeOf('function');
    expect(first?.mcpReq.send).toBeTypeOf('function');
    // The SDK lifts a retry's material and the envelope keys out before the handler: the lane leaves such calls to it.
    expect(seenParams[3]).toEqual({ name: 'ok' });
    expect(carriesWireMaterial({ name: 'ok', requestState: 's' })).toBe(true);
    expect(carriesWireMaterial({ name: 'ok', _meta: { 'io.modelcontextprotocol/clientInfo': {} } })).toBe(true);
    expect(carriesWireMaterial({ name: 'ok', task: { ttl: 1 } })).toBe(true);
    expect(carriesWireMaterial({ name: 'ok', _meta: { progressToken: 'p' } })).toBe(false);
  });

  it('_oncancel and _onclose abort what sits in the table of requests in flight (the lane puts its calls there)', async () => {
    const { server, transport, deliver } = await session(() => new Promise(() => undefined));
    const running = runningRequests(server);
    const reasons: unknown[] = [];
    const abortable = { abort: (reason: unknown) => void reasons.push(reason instanceof Error ? reason.message : reason) };
    running?.set(7, abortable);
    running?.set(8, abortable);
    deliver?.({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7, reason: 'no longer needed' } }, 'notification', {});
    await until(() => reasons.length === 1);
    await transport.close();
    transport.onclose?.();
    await until(() => reasons.length === 3);
    // The cancelled one stays in the table until its handler ends: aborted again on close (LazyAbort ignores a second abort).
    expect(reasons).toEqual(['no longer needed', 'Connection closed', 'Connection closed']);
  });

  it("an SDK v2 Client (the pool's): its next request id, taken so the SDK never hands it out again", async () => {
    const client = new ClientV2({ name: 'c', version: '1' });
    const parts = clientParts(client);
    expect(parts).toBeDefined();
    const [a, b] = InMemoryTransport.createLinkedPair();
    const ids: unknown[] = [];
    const s = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
    s.setRequestHandler('tools/list', () => ({ tools: [] }));
    await s.connect(b);
    const onmessage = b.onmessage;
    b.onmessage = (message, extra) => {
      if ('id' in message && 'method' in message) ids.push(message.id);
      onmessage?.(message, extra);
    };
    await client.connect(a);
    const taken = parts?.takeRequestId() ?? -1;
    await client.listTools();
    expect(ids.at(-1)).toBe(taken + 1);
    expect(ids).not.toContain(taken);
    // Every id below the next one was sent or taken.
    expect(parts?.nextRequestId()).toBe(taken + 2);
    await client.close();
  });

  it('names every member the seam reads', () => {
    expect(SDK_PRIVATE_MEMBERS.every((name) => name.startsWith('_'))).toBe(true);
    expect(new Set(SDK_PRIVATE_MEMBERS).size).toBe(SDK_PRIVATE_MEMBERS.length);
  });
});
