import { CLIENT_CAPABILITIES_META_KEY, createMcpHandler, PROTOCOL_VERSION_META_KEY, ProtocolError, SERVER_INFO_META_KEY, Server } from '@modelcontextprotocol/server';
import { afterAll, describe, expect, it } from 'vitest';
import { bindModernEra, LANE_REVISION, requestHandlers, toolCallRules } from '.';
import { isPlainToolResult, SERVER_INFO_KEY } from './plain-tool-result';

/**
 * The lane's answer to a tools/call result (modern-lane.ts: toolCallRules, then the codec's
 * encodeToolResult), with its shortcut for plain results (plain-tool-result.ts), is createMcpHandler's
 * answer byte for byte, for every shape of result: each content kind, structuredContent, isError,
 * _meta (with and without the server's identity), members the schema strips, members in any order.
 */

const INFO = { name: 'plain-contract', version: '1' };
/** The result each tool name answers with: one createMcpHandler and one bound server serve them all. */
const results = new Map<string, () => unknown>();
const handler = (request: { params: { name: string } }): unknown => {
  const make = results.get(request.params.name);
  if (!make) throw new Error(`no result for ${request.params.name}`);
  return make();
};

function serverWith(): Server {
  const server = new Server(INFO, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/call', handler as never);
  return server;
}

const entry = createMcpHandler(() => serverWith(), { legacy: 'reject' });
afterAll(() => entry.close());

const ENVELOPE = { [PROTOCOL_VERSION_META_KEY]: LANE_REVISION, [CLIENT_CAPABILITIES_META_KEY]: {} };

async function sdkAnswer(name: string): Promise<string> {
  const body = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name, _meta: ENVELOPE } };
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': LANE_REVISION, 'mcp-method': 'tools/call', 'mcp-name': name };
  const response = await entry.fetch(new Request('http://127.0.0.1/mcp', { method: 'POST', headers, body: JSON.stringify(body) }));
  return response.text();
}

const lane = serverWith();
const codec = bindModernEra(lane);
const rules = toolCallRules(lane, (code, message) => new ProtocolError(code, message));
const stored = requestHandlers(lane)?.get('tools/call');

/** As the lane answers: `checked`, the core inside the rules (request checks skipped); else the SDK's whole wrapper. */
async function laneAnswer(name: string, checked: boolean): Promise<string> {
  if (!codec || !rules || !stored) throw new Error('the seam found no codec, rules or handler');
  const request = { method: 'tools/call', params: { name } };
  const ctx = { sessionId: undefined, mcpReq: { id: 3, method: 'tools/call', envelope: ENVELOPE, requestState: () => undefined, signal: new AbortController().signal, notify: () => Promise.resolve() }, http: undefined };
  try {
    const result = checked ? await rules(handler as never, request, ctx) : await stored({ jsonrpc: '2.0', id: 3, ...request } as never, ctx);
    return JSON.stringify({ result: codec.encodeToolResult(result), jsonrpc: '2.0', id: 3 });
  } catch (thrown) {
    const error = thrown as { code?: number; message: string };
    const code = codec.encodeErrorCode(Number.isSafeInteger(error.code) ? (error.code as number) : -32603);
    return JSON.stringify({ jsonrpc: '2.0', id: 3, error: { code, message: error.message } });
  }
}

async function expectSameAnswer(name: string, make: () => unknown): Promise<void> {
  results.set(name, make);
  const sdk = await sdkAnswer(name);
  expect({ name, checked: await laneAnswer(name, true) }).toEqual({ name, checked: sdk });
  expect({ name, wrapped: await laneAnswer(name, false) }).toEqual({ name, wrapped: sdk });
}

const parsed = (text: string) => (): unknown => JSON.parse(text) as unknown;

const BLOCKS: Record<string, unknown[]> = {
  none: [],
  text: [{ type: 'text', text: 'ok' }],
  'two texts': [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }],
  'text, keys reversed': [{ text: 'ok', type: 'text' }],
  'text with a stripped member': [{ type: 'text', text: 'ok', extra: 1 }],
  'text with _meta': [{ type: 'text', text: 'ok', _meta: { m: 1 } }],
  'text with annotations': [{ type: 'text', text: 'ok', annotations: { audience: ['user'], priority: 0.5 } }],
  image: [{ type: 'image', data: 'aGk=', mimeType: 'image/png' }],
  audio: [{ mimeType: 'audio/wav', type: 'audio', data: 'aGk=' }],
  'resource link': [{ type: 'resource_link', uri: 'file:///a', name: 'a', extra: true }],
  resource: [{ type: 'resource', resource: { text: 't', uri: 'file:///a' } }],
  'not a block': [{ type: 'text', text: 5 }],
};

const VALUES: Record<string, unknown[]> = {
  _meta: [{ mine: true }, {}, { [SERVER_INFO_META_KEY]: { name: 'theirs', version: '2' } }, { [SERVER_INFO_META_KEY]: 5, b: 1 }],
  content: Object.values(BLOCKS),
  structuredContent: [{ a: 1 }, null, 'text', undefined],
  isError: [true, false, undefined, 'yes'],
  extra: [1, { nested: true }],
  resultType: ['complete'],
  task: [{ taskId: 't' }],
};

/** Every order of every subset of `keys`. */
function orders(keys: string[]): string[][] {
  if (keys.length === 0) return [[]];
  const out: string[][] = [[]];
  keys.forEach((key, i) => {
    for (const rest of orders([...keys.slice(0, i), ...keys.slice(i + 1)])) if (!rest.includes(key)) out.push([key, ...rest]);
  });
  return out.filter((order, i) => out.findIndex((other) => other.join() === order.join()) === i);
}

describe('a plain tools/call result on the 2026-07-28 lane', () => {
  it('names the server identity key as the SDK does', () => {
    expect(SERVER_INFO_KEY).toBe(SERVER_INFO_META_KEY);
  });

  it('takes the shortcut for the results tools plainly give, and not for shapes the SDK changes', () => {
    expect(isPlainToolResult({ content: [{ type: 'text', text: 'ok' }] })).toBe(true);
    expect(isPlainToolResult({ _meta: { a: 1 }, content: [], structuredContent: { b: 2 }, isError: true })).toBe(true);
    for (const [what, content] of Object.entries(BLOCKS)) expect({ what, plain: isPlainToolResult({ content }) }).toEqual({ what, plain: ['none', 'text', 'two texts'].includes(what) });
    expect(isPlainToolResult({ isError: false, content: [] })).toBe(false);
    expect(isPlainToolResult({ content: [], extra: 1 })).toBe(false);
    expect(isPlainToolResult({ structuredContent: {} })).toBe(false);
    expect(isPlainToolResult({ content: [], _meta: { [SERVER_INFO_META_KEY]: INFO } })).toBe(false);
    expect(isPlainToolResult(JSON.parse('{"content":[],"_meta":{"__proto__":{"a":1}}}'))).toBe(false);
    expect(isPlainToolResult(JSON.parse('{"content":[{"type":"text","text":"a","__proto__":{}}]}'))).toBe(false);
    expect(isPlainToolResult(Object.assign(Object.create({ inherited: 1 }) as object, { content: [] }))).toBe(false);
  });

  it('answers each content kind and member as createMcpHandler does, byte for byte', async () => {
    for (const [what, content] of Object.entries(BLOCKS)) await expectSameAnswer(`content: ${what}`, () => ({ content }));
    await expectSameAnswer('a parsed __proto__ in _meta', parsed('{"content":[],"_meta":{"a":1,"__proto__":{"x":1},"b":2}}'));
    await expectSameAnswer('a parsed __proto__ in the result', parsed('{"content":[],"__proto__":{"x":1},"after":1}'));
    await expectSameAnswer('a parsed __proto__ in a block', parsed('{"content":[{"type":"text","__proto__":{"x":1},"text":"a"}]}'));
    await expectSameAnswer('a result of another class', () => Object.assign(new (class Result {})(), { content: [] }));
    await expectSameAnswer('a list of another class', () => ({ content: Object.assign(new (class Blocks extends Array {})(), { 0: { type: 'text', text: 'a' } }) }));
    await expectSameAnswer('a hole in the list', () => {
      const content: unknown[] = [];
      content[1] = { type: 'text', text: 'a' };
      return { content };
    });
    await expectSameAnswer('a long text', () => ({ content: [{ type: 'text', text: 'x'.repeat(100_000) }] }));
  });

  it('answers members in every order and subset as createMcpHandler does, byte for byte', async () => {
    let cases = 0;
    for (const order of orders(['_meta', 'content', 'structuredContent', 'isError', 'extra'])) {
      // Two passes, each member's value picked by the case's number, so every value meets many orders.
      for (const pass of [0, 1]) {
        const result: Record<string, unknown> = {};
        order.forEach((key, i) => {
          const values = VALUES[key] ?? [];
          result[key] = values[(cases + i + pass * 3) % values.length];
        });
        await expectSameAnswer(`case ${cases}: ${JSON.stringify(result).slice(0, 120)}`, () => structuredClone(result));
        cases++;
      }
    }
    for (const key of ['resultType', 'task']) for (const order of [[key, 'content'], ['content', key]]) {
      await expectSameAnswer(`${order.join(', ')}`, () => Object.fromEntries(order.map((member) => [member, member === 'content' ? [] : VALUES[member]?.[0]])));
    }
    expect(cases).toBeGreaterThan(600);
  }, 60_000);
});
