import type { IncomingMessage } from 'node:http';
import * as sdk from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { ModernRouteMemo } from './modern-route-memo';

// A hostile agent against the remembered classification (modern-route-memo.ts), which every bridge
// of the process shares: whatever envelopes one agent makes the memo remember, another agent's
// request is classified exactly as the SDK classifies it; the memo stays bounded, a flood of new
// envelopes costs no request more than one SDK classification, and it keeps no headers, no agent and
// nothing of a call but the envelope's clientInfo and capabilities.
const V = sdk.PROTOCOL_VERSION_META_KEY;
const I = sdk.CLIENT_INFO_META_KEY;
const C = sdk.CLIENT_CAPABILITIES_META_KEY;
const HEADERS = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'x' };

const req = (headers: Record<string, string>): IncomingMessage => ({ headers }) as unknown as IncomingMessage;

function facts(body: unknown, headers: Record<string, string>): sdk.InboundHttpRequest {
  const version = headers['mcp-protocol-version'];
  const method = headers['mcp-method'];
  const name = headers['mcp-name'];
  return { httpMethod: 'POST', body, ...(version !== undefined && { protocolVersionHeader: version }), ...(method !== undefined && { mcpMethodHeader: method }), ...(name !== undefined && { mcpNameHeader: name }) };
}

/** A body as the bridge has it: JSON.parse of the agent's text (http-body.ts), so `__proto__` is an own key. */
const parsed = (text: string): unknown => JSON.parse(text) as unknown;
const body = (meta: string, extra = ''): string => `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{}${extra},"_meta":{${meta}}}}`;
const envelope = (info: string, caps: string, more = ''): string => `"${V}":"2026-07-28","${I}":${info},"${C}":${caps}${more}`;

/** Envelopes an attacker may send: valid ones (remembered) and invalid look-alikes of them. */
const HOSTILE: Array<{ what: string; text: string; headers?: Record<string, string> }> = [
  { what: 'valid', text: body(envelope('{"name":"a","version":"1"}', '{}')) },
  { what: '__proto__ in clientInfo', text: body(envelope('{"name":"a","version":"1","__proto__":{"polluted":true}}', '{}')) },
  { what: '__proto__ replacing the capabilities', text: body(envelope('{"name":"a","version":"1"}', '{"__proto__":{"elicitation":{}}}')) },
  { what: '__proto__ in _meta', text: body(`"__proto__":{"${I}":{"name":"a","version":"1"}},"${V}":"2026-07-28","${C}":{}`) },
  { what: 'constructor in capabilities', text: body(envelope('{"name":"a","version":"1"}', '{"constructor":{"prototype":{"x":1}}}')) },
  { what: 'a number too large (Infinity, stringified null) for version', text: body(envelope('{"name":"a","version":1e400}', '{}')) },
  { what: 'null for version', text: body(envelope('{"name":"a","version":null}', '{}')) },
  { what: 'Infinity for a boolean capability', text: body(envelope('{"name":"a","version":"1"}', '{"roots":{"listChanged":1e400}}')) },
  { what: 'null for a boolean capability', text: body(envelope('{"name":"a","version":"1"}', '{"roots":{"listChanged":null}}')) },
  { what: 'duplicated clientInfo, the last invalid', text: body(`${envelope('{"name":"a","version":"1"}', '{}')},"${I}":{"name":1}`) },
  { what: 'duplicated clientInfo, the last valid', text: body(`"${I}":{"name":1},${envelope('{"name":"a","version":"1"}', '{}')}`) },
  { what: 'a related task that is not one', text: body(envelope('{"name":"a","version":"1"}', '{}', ',"io.modelcontextprotocol/related-task":{"taskId":5}')) },
  { what: 'a progress token that is not one', text: body(envelope('{"name":"a","version":"1"}', '{}', ',"progressToken":{"x":1}')) },
  { what: 'a log level that is not one', text: body(envelope('{"name":"a","version":"1"}', '{}', `,"${sdk.LOG_LEVEL_META_KEY}":"loudest"`)) },
  { what: 'an unknown reserved key', text: body(envelope('{"name":"a","version":"1"}', '{}', ',"io.modelcontextprotocol/other":5')) },
  { what: 'a task in params', text: body(envelope('{"name":"a","version":"1"}', '{}'), ',"task":{"ttl":"soon"}') },
  { what: 'the version header of another revision', text: body(envelope('{"name":"a","version":"1"}', '{}')), headers: { ...HEADERS, 'mcp-protocol-version': '2025-11-25' } },
  { what: 'the method header of another method', text: body(envelope('{"name":"a","version":"1"}', '{}')), headers: { ...HEADERS, 'mcp-method': 'tools/list' } },
  { what: 'headers with a comma (duplicated)', text: body(envelope('{"name":"a","version":"1"}', '{}')), headers: { ...HEADERS, 'mcp-protocol-version': '2026-07-28, 2026-07-28' } },
  { what: 'no headers', text: body(envelope('{"name":"a","version":"1"}', '{}')), headers: {} },
  { what: 'a result key beside the request', text: body(envelope('{"name":"a","version":"1"}', '{}')).replace('"jsonrpc"', '"result":{},"jsonrpc"') },
  { what: 'an object id', text: body(envelope('{"name":"a","version":"1"}', '{}')).replace('"id":1', '"id":{"a":1}') },
  // One byte, one order or one type from a remembered valid envelope (matched member by member, modern-route-memo-shape.ts).
  { what: 'valid, with capabilities', text: body(envelope('{"name":"a","version":"1"}', '{"roots":{"listChanged":true},"elicitation":{}}')) },
  { what: 'a number for version', text: body(envelope('{"name":"a","version":1}', '{}')) },
  { what: 'a number for name', text: body(envelope('{"name":1,"version":"1"}', '{}')) },
  { what: 'members reordered', text: body(envelope('{"version":"1","name":"a"}', '{}')) },
  { what: 'a string for a boolean capability', text: body(envelope('{"name":"a","version":"1"}', '{"roots":{"listChanged":"true"},"elicitation":{}}')) },
  { what: 'a list for a capability', text: body(envelope('{"name":"a","version":"1"}', '{"roots":{"listChanged":true},"elicitation":[]}')) },
  { what: 'capabilities reordered', text: body(envelope('{"name":"a","version":"1"}', '{"elicitation":{},"roots":{"listChanged":true}}')) },
  { what: 'a list for clientInfo', text: body(envelope('["a","1"]', '{}')) },
  { what: 'an id past 2^53', text: body(envelope('{"name":"a","version":"1"}', '{}')).replace('"id":1', '"id":9007199254740993') },
];

/** The memo's answer for one request as the endpoint asks it (known, else classify), and the SDK's own. */
function both(memo: ModernRouteMemo, text: string, headers: Record<string, string>): { memo: unknown; sdk: unknown } {
  const value = parsed(text);
  const known = memo.known(sdk, req(headers), value);
  const mine = known ?? memo.classify(sdk, req(headers), facts(value, headers));
  return { memo: mine, sdk: sdk.classifyInboundRequest(facts(parsed(text), headers)) };
}

describe('a hostile agent against the remembered classification', () => {
  it('poisoning: after every hostile envelope was sent (twice, in both orders), each request is still classified as the SDK classifies it', () => {
    const memo = new ModernRouteMemo();
    const orders = [HOSTILE, [...HOSTILE].reverse(), HOSTILE];
    for (const order of orders) {
      for (const { what, text, headers = HEADERS } of order) {
        const { memo: mine, sdk: theirs } = both(memo, text, headers);
        expect({ what, route: mine }).toEqual({ what, route: theirs });
      }
    }
    // The prototype of every object is untouched by the keys above.
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
  });

  it('what it keeps: only the text of clientInfo and capabilities, never a header, an id, a name, arguments or another _meta key', () => {
    const memo = new ModernRouteMemo();
    const secret = 'sk-live-attacker-should-not-see-0001';
    const text = `{"jsonrpc":"2.0","id":"${secret}-id","method":"tools/call","params":{"name":"${secret}-name","arguments":{"k":"${secret}-arg"},"_meta":{${envelope('{"name":"a","version":"1"}', '{}')},"other":"${secret}-meta"}}}`;
    const headers = { ...HEADERS, authorization: `Bearer ${secret}`, 'mcp-name': `${secret}-name` };
    memo.classify(sdk, req(headers), facts(parsed(text), headers));
    const sameEnvelopeOtherEverything = body(envelope('{"name":"a","version":"1"}', '{}'));
    expect(memo.known(sdk, req(HEADERS), parsed(sameEnvelopeOtherEverything))).toBeDefined();
    // The one answer the memo gives holds the request it was handed, nothing of an earlier one.
    expect(JSON.stringify(memo.known(sdk, req(HEADERS), parsed(sameEnvelopeOtherEverything)))).not.toContain(secret);
  });

  it('thrash: a flood of new valid envelopes keeps the memo bounded, and no request costs more than one SDK classification', () => {
    const memo = new ModernRouteMemo();
    let calls = 0;
    const counting = { ...sdk, classifyInboundRequest: (f: sdk.InboundHttpRequest) => (calls++, sdk.classifyInboundRequest(f)) } as typeof sdk;
    const victim = body(envelope('{"name":"victim","version":"1"}', '{"elicitation":{}}'));
    const ask = (text: string): void => {
      const value = parsed(text);
      if (memo.known(counting, req(HEADERS), value) === undefined) memo.classify(counting, req(HEADERS), facts(value, HEADERS));
    };
    let worst = 0;
    for (let n = 0; n < 2_000; n++) {
      const before = calls;
      // Each attacker envelope as large as the memo keeps (4 KiB of text).
      ask(body(envelope(`{"name":"attacker-${n}","version":"1","title":"${'t'.repeat(3_900)}"}`, '{}')));
      const beforeVictim = calls;
      ask(victim);
      worst = Math.max(worst, beforeVictim - before, calls - beforeVictim);
    }
    expect(worst).toBe(1);
    // An envelope past 4 KiB is classified by the SDK every time, never kept.
    const huge = body(envelope(`{"name":"huge","version":"1","title":"${'h'.repeat(5_000)}"}`, '{}'));
    ask(huge);
    const before = calls;
    ask(huge);
    expect(calls - before).toBe(1);
    // Bounded: 256 envelopes at most, whatever was sent (each a string of at most 4 KiB).
    let remembered = 0;
    for (let n = 1_500; n < 2_000; n++) if (memo.known(counting, req(HEADERS), parsed(body(envelope(`{"name":"attacker-${n}","version":"1","title":"${'t'.repeat(3_900)}"}`, '{}')))) !== undefined) remembered++;
    expect(remembered).toBeGreaterThan(0);
    expect(remembered).toBeLessThanOrEqual(256);
  });
});
