import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { HttpServerTransport } from './http-transport';
import { loadSdkTypes } from './server-sdk';
import { FakeResponse } from '../../test/support/fake-response';

const NO_TIMERS = { every: () => () => undefined, after: () => () => undefined, setTimer: () => undefined };

function post(sessionId?: string): IncomingMessage {
  const headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json', ...(sessionId === undefined ? {} : { 'mcp-session-id': sessionId }) };
  return { method: 'POST', headers } as unknown as IncomingMessage;
}

const call = (id: RequestId, progressToken?: string): object => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'slow', arguments: {}, ...(progressToken === undefined ? {} : { _meta: { progressToken } }) } });
const stopping = (id: RequestId): JSONRPCMessage => ({ jsonrpc: '2.0', id, error: { code: -32013, message: 'stopping' } });

describe('a session transport told the bridge stops', () => {
  it("answers each request in flight with the stop's error, on its stream or in its JSON batch, and nothing after", async () => {
    const transport = new HttpServerTransport({ types: await loadSdkTypes(), newSessionId: () => 'sid', timers: NO_TIMERS });
    const seen: JSONRPCMessage[] = [];
    transport.onmessage = (message) => seen.push(message);
    const init = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    transport.handle(post(), new FakeResponse() as unknown as ServerResponse, init);
    const streamed = new FakeResponse();
    transport.handle(post('sid'), streamed as unknown as ServerResponse, call(1, 'p'));
    const batch = new FakeResponse();
    transport.handle(post('sid'), batch as unknown as ServerResponse, [call('a'), call('b')]);
    // One of the batch is answered before the stop: it keeps its own answer.
    await transport.send({ jsonrpc: '2.0', id: 'a', result: { content: [] } });
    transport.answerInFlight(stopping);
    expect(streamed.body).toBe('event: message\ndata: {"jsonrpc":"2.0","id":1,"error":{"code":-32013,"message":"stopping"}}\n\n');
    expect(JSON.parse(batch.body)).toEqual([{ jsonrpc: '2.0', id: 'a', result: { content: [] } }, stopping('b')]);
    expect([streamed.writableEnded, batch.writableEnded, batch.status]).toEqual([true, true, 200]);
    // The handler's own late answer finds nobody waiting.
    await transport.send({ jsonrpc: '2.0', id: 1, result: { content: [] } });
    expect(streamed.body).not.toContain('result');
    expect(seen.filter((m) => 'method' in m && m.method === 'tools/call')).toHaveLength(3);
  });
});
