import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  createMcpHandler,
  inputRequired,
  LOG_LEVEL_META_KEY,
  MissingRequiredClientCapabilityError,
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  Server,
  type ServerContext,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { bindModernEra, ENVELOPE_KEYS, LANE_REVISION, liftEnvelope, requestHandlers, toolCallRules } from '.';

/**
 * The contract with SDK v2's internals the 2026-07-28 lane reads (electron/bridge/modern-lane.ts):
 * a Server bound to the modern era with `bindModernEra`, its own `tools/call` handler called with
 * the params `liftEnvelope` gives and the result put through the codec, answers what createMcpHandler
 * answers for the same request, byte for byte. An SDK that moves the era, the codec or the lift fails
 * here, naming it, instead of answering differently on the lane.
 */

type Handler = (request: { params: Record<string, unknown> }, ctx: ServerContext) => unknown;

function serverWith(handler: Handler): Server {
  const server = new Server({ name: 'lane-contract', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/call', handler as never);
  return server;
}

const ENVELOPE = {
  [PROTOCOL_VERSION_META_KEY]: LANE_REVISION,
  [CLIENT_INFO_META_KEY]: { name: 'contract', version: '1' },
  [CLIENT_CAPABILITIES_META_KEY]: { elicitation: {} },
};

function callBody(id: number, name: string, meta: Record<string, unknown> = {}): Record<string, unknown> {
  return { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: { a: 1 }, _meta: { ...ENVELOPE, ...meta } } };
}

/** What createMcpHandler answers: its status and its body's bytes. */
async function sdkAnswer(handler: Handler, body: Record<string, unknown>): Promise<{ status: number; text: string }> {
  const entry = createMcpHandler(() => serverWith(handler), { legacy: 'reject' });
  const params = body['params'] as { name: string };
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': LANE_REVISION, 'mcp-method': 'tools/call', 'mcp-name': params.name };
  const response = await entry.fetch(new Request('http://127.0.0.1/mcp', { method: 'POST', headers, body: JSON.stringify(body) }));
  const text = await response.text();
  await entry.close();
  return { status: response.status, text };
}

/**
 * What the lane does with the seam: the bound server's own handler, the codec, the same JSON. `checked`:
 * the request checks skipped, the handler called inside the wrapper's rules and result check (toolCallRules).
 */
async function laneAnswer(handler: Handler, body: Record<string, unknown>, checked = false): Promise<{ text: string; code?: number }> {
  const server = serverWith(handler);
  const codec = bindModernEra(server);
  const rules = toolCallRules(server, (code, message) => new ProtocolError(code, message));
  const stored = checked && rules ? (request: never, ctx: unknown) => rules(handler as never, { method: 'tools/call', params: (request as { params: unknown }).params }, ctx) : requestHandlers(server)?.get('tools/call');
  if (!codec || !stored) throw new Error('the seam found no codec or handler');
  const { params, envelope } = liftEnvelope(body['params'] as Record<string, unknown>);
  const id = body['id'] as number;
  const ctx = {
    sessionId: undefined,
    mcpReq: { id, method: 'tools/call', _meta: params['_meta'], envelope, requestState: () => undefined, signal: new AbortController().signal, notify: () => Promise.resolve() },
    http: undefined,
  };
  try {
    const result = await stored({ ...body, params } as never, ctx);
    return { text: JSON.stringify({ result: codec.encodeResult('tools/call', result), jsonrpc: '2.0', id }) };
  } catch (thrown) {
    // As Protocol's `_onrequest` (and modern-lane.ts) answers what was thrown, an Error or not.
    const error = (typeof thrown === 'object' && thrown !== null ? thrown : {}) as { code?: number; message?: unknown; data?: unknown };
    const code = codec.encodeErrorCode(Number.isSafeInteger(error.code) ? (error.code as number) : -32603);
    const message = typeof error.message === 'string' ? error.message : 'Internal error';
    return { code, text: JSON.stringify({ jsonrpc: '2.0', id, error: { code, message, ...(error.data !== undefined && { data: error.data }) } }) };
  }
}

describe('the SDK v2 internals the 2026-07-28 lane relies on', () => {
  it('names the envelope keys and the revision as the SDK does, and the SDK serves that revision', async () => {
    expect(ENVELOPE_KEYS).toEqual([PROTOCOL_VERSION_META_KEY, CLIENT_INFO_META_KEY, CLIENT_CAPABILITIES_META_KEY, LOG_LEVEL_META_KEY]);
    const answer = await sdkAnswer(() => ({ content: [] }), callBody(1, 'x'));
    expect(answer.status).toBe(200);
  });

  it('lifts the envelope out of _meta as Protocol does before the handler runs', async () => {
    const seen: Array<{ params: unknown; envelope: unknown }> = [];
    const record: Handler = (request, ctx) => {
      seen.push({ params: request.params, envelope: ctx.mcpReq.envelope });
      return { content: [] };
    };
    for (const body of [callBody(1, 'a', { progressToken: 'p', 'io.modelcontextprotocol/other': 1 }), callBody(2, 'b')]) {
      await sdkAnswer(record, body);
      const lifted = liftEnvelope(body['params'] as Record<string, unknown>);
      expect(seen.at(-1)).toEqual({ params: lifted.params, envelope: lifted.envelope });
    }
    expect(seen[0]?.params).toEqual({ name: 'a', arguments: { a: 1 }, _meta: { progressToken: 'p', 'io.modelcontextprotocol/other': 1 } });
    expect(seen[1]?.params).toEqual({ name: 'b', arguments: { a: 1 } });
    const untouched = { name: 'c' };
    expect(liftEnvelope(untouched).params).toBe(untouched);
  });

  it('lifts the envelope keeping the members, their order and a parsed __proto__ member as a spread would', () => {
    const params = JSON.parse(
      '{"z":0,"_meta":{"__proto__":{"x":1},"io.modelcontextprotocol/protocolVersion":"2026-07-28","a":1},"name":"t","__proto__":{"y":2}}',
    ) as Record<string, unknown>;
    const { params: lifted, envelope } = liftEnvelope(params);
    const spread: Record<string, unknown> = { ...params, _meta: { ...(params['_meta'] as object) } };
    delete (spread['_meta'] as Record<string, unknown>)['io.modelcontextprotocol/protocolVersion'];
    expect(envelope).toEqual({ 'io.modelcontextprotocol/protocolVersion': '2026-07-28' });
    expect(JSON.stringify(lifted)).toBe(JSON.stringify(spread));
    expect(Object.getPrototypeOf(lifted)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(lifted['_meta'])).toBe(Object.prototype);
    expect(Object.keys(liftEnvelope(JSON.parse('{"name":"t","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}') as Record<string, unknown>).params)).toEqual(['name']);
  });

  it('a bound server answers each outcome as createMcpHandler does, byte for byte', async () => {
    const outcomes: Record<string, Handler> = {
      result: () => ({ content: [{ type: 'text', text: 'ok' }], structuredContent: { a: 1 } }),
      'result without content': () => ({ structuredContent: { a: 1 } }),
      'result with _meta': () => ({ content: [], _meta: { mine: true } }),
      'tool error': () => ({ content: [{ type: 'text', text: 'failed' }], isError: true }),
      'input required': () => inputRequired({ inputRequests: { e: inputRequired.elicit({ message: 'name?', requestedSchema: { type: 'object', properties: {} } }) }, requestState: 'opaque' }),
      'resource not found': () => {
        throw new ProtocolError(-32002, 'no such resource', { uri: 'x' });
      },
      'invalid params': () => {
        throw Object.assign(new Error('Invalid params: arguments.a: expected string'), { code: -32602 });
      },
      'a plain error': () => {
        throw new Error('broken');
      },
      'input required beyond the declared capabilities': () => inputRequired({ inputRequests: { s: inputRequired.createMessage({ messages: [], maxTokens: 1 }) }, requestState: 'opaque' }),
      'missing capability': () => {
        throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { sampling: {} } });
      },
      'a result the SDK refuses': () => ({ content: 'not a list' }),
      // Look-alikes of `input_required` and outcomes only its rules refuse: none may pass as a plain result.
      'a URL elicitation thrown': () => {
        throw new UrlElicitationRequiredError([{ mode: 'url', elicitationId: 'e', url: 'https://127.0.0.1/x', message: 'go' }]);
      },
      'a URL elicitation rejected': () => Promise.reject(new UrlElicitationRequiredError([{ mode: 'url', elicitationId: 'e', url: 'https://127.0.0.1/x', message: 'go' }])),
      'a thrown string': () => {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- a handler may throw anything: the SDK answers -32603.
        throw 'not an error';
      },
      'input required with neither requests nor state': () => ({ resultType: 'input_required' }),
      'input required with plain text content': () => ({ content: [{ type: 'text', text: 'x' }], resultType: 'input_required', requestState: 's' }),
      'plain text content then input required': () => ({ resultType: 'input_required', content: [{ type: 'text', text: 'x' }] }),
      'input requests without a result type': () => ({ content: [{ type: 'text', text: 'x' }], inputRequests: { s: { method: 'sampling/createMessage', params: {} } } }),
      'a complete result type': () => ({ content: [{ type: 'text', text: 'x' }], resultType: 'complete' }),
      'a plain result in a promise': () => Promise.resolve({ content: [{ type: 'text', text: 'x' }] }),
    };
    for (const [what, handler] of Object.entries(outcomes)) {
      const sdk = await sdkAnswer(handler, callBody(7, 'tool'));
      const lane = await laneAnswer(handler, callBody(7, 'tool'));
      expect({ what, text: lane.text }).toEqual({ what, text: sdk.text });
      const checked = await laneAnswer(handler, callBody(7, 'tool'), true);
      expect({ what, checked: checked.text }).toEqual({ what, checked: sdk.text });
      // HTTP 400 only for a missing capability (-32021); every other handler outcome is in-band, 200.
      expect({ what, status: sdk.status }).toEqual({ what, status: lane.code === -32021 ? 400 : 200 });
    }
  });

  it('hands a plain result of a request without retry state on past the rules, and every other outcome through them, the handler run once', async () => {
    const server = serverWith(() => ({ content: [] }));
    bindModernEra(server);
    const internals = server as unknown as { _invokeInputRequiredCapableHandler: (...args: unknown[]) => Promise<unknown> };
    const sdkRules = internals._invokeInputRequiredCapableHandler;
    let ruled = 0;
    internals._invokeInputRequiredCapableHandler = function (this: unknown, ...args: unknown[]) {
      ruled++;
      return sdkRules.apply(this, args);
    };
    const rules = toolCallRules(server, (code, message) => new ProtocolError(code, message));
    if (!rules) throw new Error('no rules');
    const ctx = (state: string | undefined): object => ({ mcpReq: { envelope: ENVELOPE, requestState: () => state } });
    const request = { method: 'tools/call', params: { name: 't' } };
    let ran = 0;
    const returning = (result: unknown) => () => {
      ran++;
      return result;
    };
    const plain = { content: [{ type: 'text', text: 'x' }] };
    expect(await rules(returning(plain), request, ctx(undefined))).toBe(plain);
    expect({ ruled, ran }).toEqual({ ruled: 0, ran: 1 });
    expect(await rules(returning(plain), request, ctx('state'))).toBe(plain);
    expect({ ruled, ran }).toEqual({ ruled: 1, ran: 2 });
    const lookAlike = { content: [{ type: 'text', text: 'x' }], resultType: 'input_required' };
    await expect(rules(returning(lookAlike), request, ctx(undefined))).rejects.toThrow(/neither inputRequests nor requestState/);
    expect({ ruled, ran }).toEqual({ ruled: 2, ran: 3 });
    const url = new UrlElicitationRequiredError([{ mode: 'url', elicitationId: 'e', url: 'https://127.0.0.1/x', message: 'go' }]);
    const throwing = (): never => {
      ran++;
      throw url;
    };
    await expect(rules(throwing, request, ctx(undefined))).rejects.toThrow(/URL elicitation cannot be signalled/);
    expect({ ruled, ran }).toEqual({ ruled: 3, ran: 4 });
  });

  it('sends the notifications Protocol sends on the revision: its own, and any extension’s, not one the revision dropped', async () => {
    // Every capability whose notifications a server must declare, as the bridge's servers do (modern-server.ts): only the era decides.
    const declaring = (): Server => new Server({ name: 'lane-contract', version: '1' }, { capabilities: { tools: {}, logging: {}, resources: {}, prompts: {} } });
    const codec = bindModernEra(declaring());
    const sent = async (method: string): Promise<boolean> => {
      // Protocol's own answer: a server bound to the era, connected, asked to send it.
      const server = declaring();
      bindModernEra(server);
      const settled = (): Promise<void> => Promise.resolve();
      await server.connect({ start: settled, send: settled, close: settled });
      return server.notification({ method }).then(
        () => true,
        () => false,
      );
    };
    for (const method of ['notifications/progress', 'notifications/message', 'notifications/initialized', 'notifications/roots/list_changed', 'vendor/custom']) {
      expect({ method, sends: codec?.sendsNotification(method) }).toEqual({ method, sends: await sent(method) });
    }
  });

  it('refuses a server that is not an SDK v2 Server', () => {
    expect(bindModernEra({})).toBeUndefined();
  });
});
