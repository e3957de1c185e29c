import type { IncomingMessage, ServerResponse } from 'node:http';
import { ProtocolError, Server, type CallToolRequest, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpServerTransport } from './http-transport';
import { directDelivery, onParsedRequest, type Deliver } from '../mcp-wire';
import { loadSdkTypes } from './server-sdk';
import { FakeResponse } from '../../test/support/fake-response';
import { toolCallLane } from './tool-call-lane';
import { CodedError } from '../../shared/errors';

const NO_TIMERS = { every: () => () => undefined, after: () => () => undefined, setTimer: () => undefined };

function post(): IncomingMessage {
  const headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-session-id': 'sid' };
  return { method: 'POST', headers } as unknown as IncomingMessage;
}

const text = (t: string): CallToolResult => ({ content: [{ type: 'text', text: t }] });
const ask = { method: 'elicitation/create' as const, params: { message: 'Which?', requestedSchema: { type: 'object' as const, properties: {} } } };

/** Stands in for the bridge's handler (session-server.ts): each tool name shows one thing a handler does. */
function handlerOf(server: Server, seen: string[]) {
  return async (request: CallToolRequest, ctx: ServerContext): Promise<CallToolResult> => {
    const { name } = request.params;
    if (name === 'echo') return text(`${ctx.sessionId}:${String(ctx.mcpReq.id)}:${JSON.stringify(ctx.mcpReq._meta ?? null)}`);
    if (name === 'fails') return { ...text('it failed'), isError: true };
    if (name === 'unknown') throw new ProtocolError(-32602, 'unknown tool "unknown"', { hint: 'call tools/list' });
    if (name === 'gone') throw new ProtocolError(-32002, 'no such resource');
    if (name === 'crash') throw new Error('boom');
    if (name === 'wait') {
      const signal = ctx.mcpReq.signal;
      if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      seen.push(`aborted: ${signal.reason instanceof Error ? signal.reason.name : String(signal.reason)}`);
      await ctx.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', data: 'late' } }).catch((error: unknown) => seen.push(`late: ${String(error)}`));
      return text('too late');
    }
    if (name === 'progress') {
      const progressToken = request.params._meta?.progressToken ?? 0;
      await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: 1, total: 2 } });
      await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: 2, total: 2 } });
      return text('done');
    }
    if (name === 'ask') return text(JSON.stringify(await ctx.mcpReq.send(ask)));
    // As agent-asker.ts asks: through the server, related to the call by its id.
    if (name === 'asker') return text(JSON.stringify(await server.elicitInput(ask.params, { relatedRequestId: ctx.mcpReq.id })));
    return text('?');
  };
}

/** A real SDK server behind our transport, with the lane or without; counts requests that reached the SDK's Protocol. */
async function session(lane: boolean, register = true) {
  const types = await loadSdkTypes();
  const server = new Server({ name: 't', version: '1' }, { capabilities: { tools: {}, logging: {} } });
  const seen: string[] = [];
  if (register) onParsedRequest(server, 'tools/call', types.CallToolRequestSchema, handlerOf(server, seen));
  const transport = new HttpServerTransport({ types, newSessionId: () => 'sid', timers: NO_TIMERS });
  await server.connect(transport);
  let viaProtocol = 0;
  const sdk = directDelivery(server);
  const deliver: Deliver = (message, kind, extra) => {
    if (kind === 'request') viaProtocol++;
    sdk?.(message, kind, extra);
  };
  transport.deliverWith(deliver, lane ? toolCallLane(server) : undefined);
  const start = (body: unknown): FakeResponse => {
    const res = new FakeResponse();
    transport.handle(post(), res as unknown as ServerResponse, body);
    return res;
  };
  const finished = (res: FakeResponse): Promise<FakeResponse> =>
    res.writableEnded ? Promise.resolve(res) : new Promise((resolve) => res.once('finish', () => resolve(res)));
  const send = (body: unknown): Promise<FakeResponse> => finished(start(body));
  await send({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: { elicitation: {} }, clientInfo: { name: 'c', version: '1' } } });
  return { server, transport, seen, start, send, finished, viaProtocol: () => viaProtocol };
}

const call = (id: number, params: unknown): unknown => ({ jsonrpc: '2.0', id, method: 'tools/call', params });
const answer = (r: FakeResponse): string => `${r.status} ${r.headers}\n${r.body}`;

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(check()).toBe(true);
}

/** The same exchange over one session; what the agent read, byte for byte, and what the handler saw. */
async function exchange(lane: boolean) {
  const s = await session(lane);
  const answers: string[] = [];
  for (const [id, params] of [
    [1, { name: 'echo', arguments: { x: 1 }, _meta: { trace: 't' } }],
    [2, { name: 'fails' }],
    [3, { name: 'unknown' }],
    [4, { arguments: {} }],
    [5, { name: 'crash' }],
    [6, { name: 'progress', _meta: { progressToken: 'p' } }],
    [66, { name: 'gone' }],
  ] as const) {
    answers.push(answer(await s.send(call(id, params))));
  }
  for (const [id, name] of [
    [7, 'ask'],
    [8, 'asker'],
  ] as const) {
    const res = s.start(call(id, { name }));
    await until(() => res.body.includes('elicitation/create'));
    const asked = JSON.parse(res.body.split('data: ')[1]?.split('\n')[0] ?? '') as { id: number };
    answers.push(answer(await s.send({ jsonrpc: '2.0', id: asked.id, result: { action: 'accept', content: { pick: 'a' } } })));
    answers.push(answer(await s.finished(res)));
  }
  // Cancelled by the agent: the handler hears it, nothing is answered (a late notification still goes out, as the SDK sends it).
  const cancelled = s.start(call(9, { name: 'wait' }));
  answers.push(answer(await s.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9, reason: 'changed my mind' } })));
  await until(() => s.seen.length >= 1);
  answers.push(answer(cancelled));
  // Cut off by the session's close: aborted as the SDK aborts its own.
  const closed = s.start(call(10, { name: 'wait' }));
  await new Promise((resolve) => setImmediate(resolve));
  await s.transport.close();
  await until(() => s.seen.length >= 3);
  answers.push(answer(closed), answer(cancelled));
  return { answers, seen: s.seen, viaProtocol: s.viaProtocol() };
}

describe('the tools/call lane (tool-call-lane.ts)', () => {
  const Original = globalThis.AbortController;
  afterEach(() => {
    globalThis.AbortController = Original;
  });

  it('answers byte for byte as the SDK does: results, errors, invalid params, progress, elicitation, cancellation, close', async () => {
    const viaSdk = await exchange(false);
    const viaLane = await exchange(true);
    expect(viaLane.answers).toEqual(viaSdk.answers);
    expect(viaLane.seen).toEqual(viaSdk.seen);
    // The lane took every tools/call: only initialize reached Protocol.
    expect(viaLane.viaProtocol).toBe(1);
    expect(viaSdk.viaProtocol).toBe(12);
    const [echo, fails, unknown, invalid, crash, progress, gone] = viaLane.answers;
    expect(echo).toContain('{"result":{"content":[{"type":"text","text":"sid:1:{\\"trace\\":\\"t\\"}"}]},"jsonrpc":"2.0","id":1}');
    expect(fails).toContain('"isError":true');
    expect(unknown).toContain('{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"unknown tool \\"unknown\\"","data":{"hint":"call tools/list"}}}');
    expect(invalid).toContain('"id":4,"error":{"code":-32603,"message":"[');
    expect(crash).toContain('"error":{"code":-32603,"message":"boom"}');
    expect(progress?.match(/notifications\/progress/g)).toHaveLength(2);
    expect(progress).toContain('text/event-stream');
    // The 2025 codec's error code: resource not found (-32002) goes out as -32602, as the SDK has it on every revision.
    expect(gone).toContain('"error":{"code":-32602,"message":"no such resource"}');
    expect(viaLane.answers[8]).toContain('\\"action\\":\\"accept\\"');
    expect(viaLane.answers[10]).toContain('\\"pick\\":\\"a\\"');
    // The agent's reason is dropped by the transport (agent-cancel.ts): the handler hears a plain abort.
    // The cancel ended the call's stream (http-transport.ts), so nothing more of it reaches the agent.
    expect(viaLane.seen).toEqual(['aborted: AbortError', 'late: Error: No open stream for request 9: the agent is gone', 'aborted: SdkError', 'late: SdkError: Not connected']);
  });

  it('makes no AbortController for a handler that never reads the signal', async () => {
    let made = 0;
    globalThis.AbortController = class extends Original {
      constructor() {
        super();
        made++;
      }
    };
    for (const lane of [false, true]) {
      const s = await session(lane);
      made = 0;
      expect((await s.send(call(1, { name: 'fails' }))).body).toContain('it failed');
      expect(made).toBe(lane ? 0 : 1);
    }
  });

  it("tells an answer the agent's transport could not take in the product's words, without the SDK's or a class name", async () => {
    const s = await session(true);
    const reported: string[] = [];
    s.server.onerror = (error) => reported.push(error.message);
    // The agent's side went away as the answer was sent.
    s.transport.send = () => Promise.reject(new CodedError('server_unavailable', 'the agent had disconnected'));
    s.start(call(1, { name: 'echo' }));
    await until(() => reported.length > 0);
    expect(reported).toEqual(['Could not send the answer to tools/call 1 to the agent: the agent had disconnected']);
  });

  it('leaves task calls, batches and sessions without the handler to the SDK', async () => {
    for (const register of [true, false]) {
      const answers: string[][] = [];
      const counts: number[] = [];
      for (const lane of [false, true]) {
        const s = await session(lane, register);
        answers.push([
          answer(await s.send(call(1, { name: 'echo', task: { ttl: 1000 } }))),
          answer(await s.send(call(2, { name: 'echo', _meta: { 'io.modelcontextprotocol/related-task': { taskId: 't' } } }))),
          answer(await s.send([call(3, { name: 'fails' }), call(4, { name: 'fails' })])),
          answer(await s.send(call(5, { name: 'fails' }))),
          // A 2026-07-28 retry's material, which the SDK lifts out of the params before its handler runs.
          answer(await s.send(call(6, { name: 'echo', requestState: 'opaque', inputResponses: {} }))),
        ]);
        counts.push(s.viaProtocol());
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(counts).toEqual(register ? [7, 6] : [7, 7]);
      expect(answers[1]?.[0]).toContain(register ? '"text":"sid:1:null"' : 'Method not found');
    }
  });

  it("leaves a tools/call whose handler was registered with the SDK's own setRequestHandler to the SDK (it needs the SDK's full context)", async () => {
    const server = new Server({ name: 't', version: '1' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/call', () => text('sdk'));
    const lane = toolCallLane(server);
    expect(lane?.(call(1, { name: 'echo' }) as never, {})).toBe(false);
    onParsedRequest(server, 'tools/call', (await loadSdkTypes()).CallToolRequestSchema, () => text('seam'));
    const transport = new HttpServerTransport({ types: await loadSdkTypes(), newSessionId: () => 'sid', timers: NO_TIMERS });
    await server.connect(transport);
    expect(lane?.(call(2, { name: 'echo' }) as never, {})).toBe(true);
  });

  it("falls back to the SDK's path when this SDK's Protocol lacks the internals the lane uses", () => {
    const server = new Server({ name: 't', version: '1' }, { capabilities: { tools: {} } });
    expect(toolCallLane(server)).toBeTypeOf('function');
    expect(toolCallLane({})).toBeUndefined();
    for (const missing of ['_requestHandlers', '_requestHandlerAbortControllers', '_onerror', 'transport', 'notification', 'request']) {
      const parts: Record<string, unknown> = { _requestHandlers: new Map(), _requestHandlerAbortControllers: new Map(), _onerror: () => undefined };
      Object.assign(parts, { transport: undefined, notification: () => undefined, request: () => undefined });
      expect(toolCallLane(parts)).toBeTypeOf('function');
      delete parts[missing];
      expect(toolCallLane(parts), missing).toBeUndefined();
    }
  });
});
