import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server, type CallToolRequest, type CallToolResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { HttpServerTransport } from './http-transport';
import { directDelivery, onParsedRequest, rpcKind } from '../mcp-wire';
import { loadSdkTypes } from './server-sdk';
import { FakeResponse } from '../../test/support/fake-response';

function post(sessionId?: string): IncomingMessage {
  const headers: Record<string, string> = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
  if (sessionId) headers['mcp-session-id'] = sessionId;
  return { method: 'POST', headers } as unknown as IncomingMessage;
}

/** A real SDK server behind our transport, delivering directly; counts what passed through onmessage. */
async function session(direct: boolean, plainToolCall = false) {
  const types = await loadSdkTypes();
  const server = new Server({ name: 't', version: '1' }, { capabilities: { tools: {} } });
  const seen: string[] = [];
  const echo = (request: CallToolRequest): Promise<CallToolResult> =>
    // No content: Server's own registration would parse the result and add `content: []`.
    Promise.resolve(
      request.params.name === 'bare'
        ? ({ structuredContent: { a: 1 } } as unknown as CallToolResult)
        : { content: [{ type: 'text' as const, text: request.params.name }] },
    );
  if (plainToolCall) onParsedRequest(server, 'tools/call', types.CallToolRequestSchema, echo);
  else server.setRequestHandler('tools/call', echo);
  server.oninitialized = () => void seen.push('initialized');
  const transport = new HttpServerTransport({ types, newSessionId: () => 'sid' });
  await server.connect(transport);
  let viaOnmessage = 0;
  const sdkOnmessage = transport.onmessage;
  transport.onmessage = (message, extra) => {
    viaOnmessage++;
    sdkOnmessage?.(message, extra);
  };
  if (direct) transport.deliverWith(directDelivery(server));
  const send = async (body: unknown, sid?: string): Promise<FakeResponse> => {
    const res = new FakeResponse();
    const done = new Promise((resolve) => res.once('finish', resolve));
    transport.handle(post(sid), res as unknown as ServerResponse, body);
    await done;
    return res;
  };
  return { send, seen, viaOnmessage: () => viaOnmessage };
}

async function toolCalls(plain: boolean): Promise<Array<{ status: number; body: string }>> {
  const s = await session(true, plain);
  await s.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } } });
  const call = (id: number, params: unknown) => s.send({ jsonrpc: '2.0', id, method: 'tools/call', params }, 'sid');
  const answers = [
    await call(2, { name: 'echo', arguments: { x: 1 } }),
    await call(3, { arguments: {} }),
    await call(4, { name: 'echo', task: { ttl: 1000 } }),
    await call(5, { name: 'bare' }),
  ];
  return answers.map((r) => ({ status: r.status, body: r.body }));
}

async function exchange(direct: boolean) {
  const s = await session(direct);
  const init = await s.send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  });
  const note = await s.send({ jsonrpc: '2.0', method: 'notifications/initialized' }, 'sid');
  const call = await s.send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: {} } }, 'sid');
  const unknown = await s.send({ jsonrpc: '2.0', id: 3, method: 'nope/nope' }, 'sid');
  const bad = await s.send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'echo' }, result: {} }, 'sid');
  const strayResponse = await s.send({ jsonrpc: '2.0', id: 99, result: {} }, 'sid');
  const answers = [init, note, call, unknown, bad, strayResponse].map((r) => ({ status: r.status, body: r.body }));
  return { answers, seen: s.seen, viaOnmessage: s.viaOnmessage() };
}

describe('direct delivery to the SDK server (sdk-dispatch.ts)', () => {
  it('finds the entries of this SDK version', () => {
    expect(directDelivery(new Server({ name: 't', version: '1' }, { capabilities: {} }))).toBeTypeOf('function');
    expect(directDelivery({})).toBeUndefined();
  });

  it('tells the kind from the shape', () => {
    expect(rpcKind({ jsonrpc: '2.0', id: 1, method: 'm' })).toBe('request');
    expect(rpcKind({ jsonrpc: '2.0', method: 'm' })).toBe('notification');
    expect(rpcKind({ jsonrpc: '2.0', id: 1, result: {} })).toBe('response');
    expect(rpcKind({ jsonrpc: '2.0', id: 1, error: { code: 1, message: 'x' } })).toBe('response');
  });

  it("answers every message exactly as the SDK's onmessage does, without passing through it", async () => {
    const viaSdk = await exchange(false);
    const direct = await exchange(true);
    expect(direct.answers).toEqual(viaSdk.answers);
    expect(direct.seen).toEqual(['initialized']);
    expect(viaSdk.seen).toEqual(['initialized']);
    expect(direct.answers[2]?.body).toContain('"text":"echo"');
    expect(direct.answers[4]?.status).toBe(400);
    expect(viaSdk.viaOnmessage).toBe(5);
    expect(direct.viaOnmessage).toBe(0);
  });

  it("onParsedRequest: the request checked as Server's registration does, the result passed on as it is", async () => {
    const viaServer = await toolCalls(false);
    const plain = await toolCalls(true);
    expect([plain[0], plain[2]]).toEqual([viaServer[0], viaServer[2]]);
    // The schema's own error, which the session server turns into -32602 naming the field (invalid-params.ts).
    expect(JSON.parse(plain[1]?.body ?? '')).toMatchObject({ id: 3, error: { code: -32603 } });
    expect(plain[1]?.body).toContain('invalid_type');
    // A task-augmented call from a client is served as a plain call: the bridge declares no tasks (MCP 2025-11-25 tasks).
    expect(plain[2]?.body).toContain('"text":"echo"');
    expect(JSON.parse(plain[3]?.body ?? '')).toEqual({ jsonrpc: '2.0', id: 5, result: { structuredContent: { a: 1 } } });
    expect(JSON.parse(viaServer[3]?.body ?? '')).toEqual({ jsonrpc: '2.0', id: 5, result: { structuredContent: { a: 1 }, content: [] } });
  });
});
