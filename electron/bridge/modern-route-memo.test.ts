import type { IncomingMessage } from 'node:http';
import * as sdk from '@modelcontextprotocol/server';
import { describe, expect, it, vi } from 'vitest';
import { ModernRouteMemo } from './modern-route-memo';

const ENVELOPE = {
  [sdk.PROTOCOL_VERSION_META_KEY]: '2026-07-28',
  [sdk.CLIENT_INFO_META_KEY]: { name: 'memo', version: '1' },
  [sdk.CLIENT_CAPABILITIES_META_KEY]: { elicitation: {} },
};
const HEADERS = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'x' };

function call(change: (body: Record<string, unknown>, meta: Record<string, unknown>) => void = () => undefined): Record<string, unknown> {
  const meta: Record<string, unknown> = { ...ENVELOPE };
  const body: Record<string, unknown> = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', arguments: {}, _meta: meta } };
  change(body, meta);
  return body;
}

function facts(body: unknown, headers: Record<string, string>): sdk.InboundHttpRequest {
  const version = headers['mcp-protocol-version'];
  const method = headers['mcp-method'];
  const name = headers['mcp-name'];
  return { httpMethod: 'POST', body, ...(version !== undefined && { protocolVersionHeader: version }), ...(method !== undefined && { mcpMethodHeader: method }), ...(name !== undefined && { mcpNameHeader: name }) };
}

const req = (headers: Record<string, string>): IncomingMessage => ({ headers }) as unknown as IncomingMessage;

describe('the remembered classification of lane calls', () => {
  it('answers only what the SDK answers, and only for an envelope the SDK found valid', () => {
    const memo = new ModernRouteMemo();
    expect(memo.known(sdk, req(HEADERS), call())).toBeUndefined();
    expect(memo.classify(sdk, req(HEADERS), facts(call(), HEADERS)).kind).toBe('modern');
    const cases: Array<{ what: string; body: Record<string, unknown>; headers?: Record<string, string>; hot: boolean }> = [
      { what: 'the same call', body: call(), hot: true },
      { what: 'a string id', body: call((b) => (b['id'] = 'a')), hot: true },
      { what: 'other arguments', body: call((b) => (b['params'] = { name: 'y', arguments: { q: 1 }, _meta: { ...ENVELOPE, other: 1 } })), hot: true },
      { what: 'headers with whitespace', body: call(), headers: { ...HEADERS, 'mcp-method': ' tools/call\t' }, hot: true },
      { what: 'a fractional id', body: call((b) => (b['id'] = 1.5)), hot: false },
      { what: 'a null id', body: call((b) => (b['id'] = null)), hot: false },
      { what: 'another key', body: call((b) => (b['result'] = {})), hot: false },
      { what: 'jsonrpc 1.0', body: call((b) => (b['jsonrpc'] = '1.0')), hot: false },
      { what: 'clientInfo null', body: call((_b, m) => (m[sdk.CLIENT_INFO_META_KEY] = null)), hot: false },
      { what: 'no clientInfo', body: call((_b, m) => delete m[sdk.CLIENT_INFO_META_KEY]), hot: false },
      { what: 'other capabilities', body: call((_b, m) => (m[sdk.CLIENT_CAPABILITIES_META_KEY] = { sampling: 'no' })), hot: false },
      { what: 'another revision', body: call((_b, m) => (m[sdk.PROTOCOL_VERSION_META_KEY] = '2025-11-25')), hot: false },
      { what: 'a progress token', body: call((_b, m) => (m['progressToken'] = 1)), hot: true },
      { what: 'a progress token, a string', body: call((_b, m) => (m['progressToken'] = 'p')), hot: true },
      { what: 'a progress token, the largest safe integer', body: call((_b, m) => (m['progressToken'] = Number.MAX_SAFE_INTEGER)), hot: true },
      { what: 'a progress token past the safe integers', body: call((_b, m) => (m['progressToken'] = 2 ** 53)), hot: false },
      { what: 'a fractional progress token', body: call((_b, m) => (m['progressToken'] = 1.5)), hot: false },
      { what: 'a progress token an object', body: call((_b, m) => (m['progressToken'] = {})), hot: false },
      { what: 'a progress token null', body: call((_b, m) => (m['progressToken'] = null)), hot: false },
      ...['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list'].flatMap((method) => [
        { what: `${method}`, body: call((b) => ((b['method'] = method), (b['params'] = { _meta: { ...ENVELOPE } }))), headers: { ...HEADERS, 'mcp-method': method }, hot: true },
        { what: `${method} with a cursor of the wrong type`, body: call((b) => ((b['method'] = method), (b['params'] = { cursor: 5, _meta: { ...ENVELOPE } }))), headers: { ...HEADERS, 'mcp-method': method }, hot: true },
        { what: `${method} under the method header of a call`, body: call((b) => ((b['method'] = method), (b['params'] = { _meta: { ...ENVELOPE } }))), hot: false },
      ]),
      { what: 'resources/read', body: call((b) => ((b['method'] = 'resources/read'), (b['params'] = { uri: 'x', _meta: { ...ENVELOPE } }))), headers: { ...HEADERS, 'mcp-method': 'resources/read' }, hot: false },
      { what: 'logging/setLevel', body: call((b) => ((b['method'] = 'logging/setLevel'), (b['params'] = { level: 'info', _meta: { ...ENVELOPE } }))), headers: { ...HEADERS, 'mcp-method': 'logging/setLevel' }, hot: false },
      { what: 'a log level', body: call((_b, m) => (m[sdk.LOG_LEVEL_META_KEY] = 'loud')), hot: false },
      { what: 'a related task', body: call((_b, m) => (m['io.modelcontextprotocol/related-task'] = 1)), hot: false },
      { what: 'another method', body: call((b) => (b['method'] = 'tools/list')), hot: false },
      { what: 'a version header that disagrees', body: call(), headers: { ...HEADERS, 'mcp-protocol-version': '2025-11-25' }, hot: false },
      { what: 'a method header that disagrees', body: call(), headers: { ...HEADERS, 'mcp-method': 'tools/list' }, hot: false },
      { what: 'params not an object', body: call((b) => (b['params'] = [])), hot: false },
    ];
    for (const { what, body, headers = HEADERS, hot } of cases) {
      const known = memo.known(sdk, req(headers), body);
      expect({ what, hot: known !== undefined }).toEqual({ what, hot });
      if (known) expect({ what, known }).toEqual({ what, known: sdk.classifyInboundRequest(facts(body, headers)) });
    }
  });

  it("knows a remembered envelope without building its text, and one differing in a byte not at all", () => {
    const memo = new ModernRouteMemo();
    memo.classify(sdk, req(HEADERS), facts(call(), HEADERS));
    const texts = vi.spyOn(JSON, 'stringify');
    try {
      expect(memo.known(sdk, req(HEADERS), call())).toBeDefined();
      expect(texts).not.toHaveBeenCalled();
    } finally {
      texts.mockRestore();
    }
    expect(memo.known(sdk, req(HEADERS), call((_b, m) => (m[sdk.CLIENT_INFO_META_KEY] = { name: 'memo', version: '2' })))).toBeUndefined();
    expect(memo.known(sdk, req(HEADERS), call((_b, m) => (m[sdk.CLIENT_CAPABILITIES_META_KEY] = { elicitation: [] })))).toBeUndefined();
  });

  it('remembers a bounded number of envelopes', () => {
    const memo = new ModernRouteMemo();
    const nth = (n: number): Record<string, unknown> => call((_b, m) => (m[sdk.CLIENT_INFO_META_KEY] = { name: `c${n}`, version: '1' }));
    for (let n = 0; n < 300; n++) memo.classify(sdk, req(HEADERS), facts(nth(n), HEADERS));
    expect(memo.known(sdk, req(HEADERS), nth(299))).toBeDefined();
    expect(memo.known(sdk, req(HEADERS), nth(0))).toBeUndefined();
  });
});
