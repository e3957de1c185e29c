import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../electron/bridge';
import { rawRequest, type RawResponse } from '../support/bridge-harness';
import { startLanePair, type LanePair } from '../support/lane-pair';
import { callHeaders, envelope, messageOf } from '../support/modern-raw';

// A hostile agent against the 2026-07-28 lane (docs/bridge.md §Speed of the two eras): the lane skips
// the SDK's request checks for "plain params" and remembers the SDK's classification per envelope, so
// every odd request below is sent to two bridges over one pool, one with the lane and one without
// (`modernLane: false`), and must be answered alike, byte for byte, never with a 5xx, and without
// touching the process (the bridge runs in this process: a polluted prototype would show here).
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

let pair: LanePair;
let withLane: Bridge;
let withoutLane: Bridge;
const tokens = new Map<Bridge, Record<string, string>>();
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();

beforeAll(async () => {
  pair = await startLanePair();
  ({ withLane, withoutLane } = pair);
  for (const bridge of [withLane, withoutLane]) {
    const all = (await bridge.agents.add('hostile', { servers: ['*'], policy: ALLOW_ALL })).token;
    const other = (await bridge.agents.add('victim', { servers: ['*'], policy: ALLOW_ALL })).token;
    const narrow = (await bridge.agents.add('narrow', { servers: ['fault'], policy: ALLOW_ALL })).token;
    tokens.set(bridge, { hostile: all, victim: other, narrow });
  }
}, 90_000);

afterAll(async () => {
  await pair?.close();
});

interface Case {
  name: string;
  /** The raw body; `$ENV` is replaced by the envelope's members (without braces). */
  body: string;
  /** Mcp-Name (the standard headers otherwise those of a tools/call). */
  tool?: string;
  headers?: Record<string, string>;
  agent?: 'hostile' | 'victim' | 'narrow';
  /** Whether the lane takes it, where the case is about that (params it cannot plainly pass go through the SDK's own checks on it). */
  lane?: boolean;
}

const ENV = JSON.stringify(envelope()).slice(1, -1);
const call = (params: string, id = '"h"'): string => `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":${params}}`;
const echo = (args: string, more = ''): string => call(`{"name":"everything__echo","arguments":${args}${more},"_meta":{$ENV}}`);
const deep = (levels: number): string => (levels === 0 ? '"bottom"' : `{"inner":${deep(levels - 1)}}`);
const wide = (keys: number): string => `{"message":"w",${Array.from({ length: keys }, (_, i) => `"k${i}":${i}`).join(',')}}`;

async function ask(bridge: Bridge, c: Case): Promise<RawResponse> {
  const headers = callHeaders(bridge.port, tokens.get(bridge)?.[c.agent ?? 'hostile'], c.tool ?? 'everything__echo', c.headers);
  return rawRequest(bridge.port, { headers, body: c.body.replaceAll('$ENV', ENV) });
}

const CASES: Case[] = [
  { name: '__proto__ in arguments', body: echo('{"__proto__":{"polluted":"yes"},"message":"p"}'), lane: true },
  { name: 'constructor.prototype in arguments', body: echo('{"constructor":{"prototype":{"polluted":"yes"}},"message":"c"}'), lane: true },
  { name: '__proto__ in params', body: call('{"__proto__":{"polluted":"yes"},"name":"everything__echo","arguments":{"message":"pp"},"_meta":{$ENV}}') },
  { name: '__proto__ in _meta', body: call('{"name":"everything__echo","arguments":{"message":"pm"},"_meta":{"__proto__":{"polluted":"yes"},$ENV}}') },
  { name: '__proto__ in clientCapabilities', body: echo('{"message":"pc"}').replace('$ENV', ENV.replace('"io.modelcontextprotocol/clientCapabilities":{}', '"io.modelcontextprotocol/clientCapabilities":{"__proto__":{"elicitation":{}}}')) },
  { name: 'duplicated name, the last one the header', body: call('{"name":"everything__add","name":"everything__echo","arguments":{"message":"dup"},"_meta":{$ENV}}'), lane: true },
  { name: 'duplicated name, the first one the header', body: call('{"name":"everything__echo","name":"everything__add","arguments":{"message":"dup"},"_meta":{$ENV}}'), lane: false },
  { name: 'duplicated arguments', body: call('{"name":"everything__echo","arguments":{"message":5},"arguments":{"message":"second"},"_meta":{$ENV}}'), lane: true },
  { name: 'duplicated _meta, the last without an envelope', body: call('{"name":"everything__echo","arguments":{"message":"m"},"_meta":{$ENV},"_meta":{}}') },
  { name: 'a name with a control character', body: call('{"name":"everything__echo\\u0007","arguments":{"message":"ctl"},"_meta":{$ENV}}'), lane: false },
  { name: 'a name with a trailing tab (the header trimmed)', body: call('{"name":"everything__echo\\t","arguments":{"message":"tab"},"_meta":{$ENV}}'), lane: false },
  { name: 'Mcp-Name in its Base64 form', body: echo('{"message":"b64"}'), headers: { 'Mcp-Name': `=?base64?${Buffer.from('everything__echo').toString('base64')}?=` }, lane: false },
  { name: 'a name that looks like Base64 in both', body: call('{"name":"=?base64?ZXZlcnl0aGluZ19fZWNobw==?=","arguments":{},"_meta":{$ENV}}'), tool: '=?base64?ZXZlcnl0aGluZ19fZWNobw==?=', lane: false },
  { name: 'a name that is not a string', body: call('{"name":5,"arguments":{},"_meta":{$ENV}}'), tool: '5', lane: false },
  { name: 'arguments an array', body: echo('["message"]'), lane: true },
  { name: 'arguments null', body: echo('null'), lane: true },
  { name: 'arguments a number', body: echo('7'), lane: true },
  { name: 'arguments 63 levels deep', body: echo(`{"message":"d","deep":${deep(62)}}`), lane: true },
  { name: 'arguments 65 levels deep', body: echo(`{"message":"d","deep":${deep(64)}}`), lane: true },
  { name: 'a body past the depth bound', body: echo(`{"message":"d","deep":${deep(140)}}`), lane: false },
  { name: 'arguments 5,000 keys wide', body: echo(wide(5_000)), lane: true },
  { name: 'extra params members', body: echo('{"message":"x"}', ',"cursor":"c","extra":{"a":1}'), lane: true },
  { name: 'an id null', body: call('{"name":"everything__echo","arguments":{"message":"n"},"_meta":{$ENV}}', 'null') },
  { name: 'an id an object', body: call('{"name":"everything__echo","arguments":{"message":"o"},"_meta":{$ENV}}', '{"a":1}') },
  { name: 'an id past 2^53', body: call('{"name":"everything__echo","arguments":{"message":"big"},"_meta":{$ENV}}', '9007199254740993') },
  { name: 'an id of 10,000 characters', body: call('{"name":"everything__echo","arguments":{"message":"long"},"_meta":{$ENV}}', `"${'i'.repeat(10_000)}"`), lane: true },
  // One byte, one order or one type from the envelope the memo remembered (modern-route-memo-shape.ts).
  { name: 'clientInfo one byte from the remembered', body: echo('{"message":"e1"}').replace('$ENV', ENV.replace('"name":"raw"', '"name":"rax"')), lane: true },
  { name: 'clientInfo members reordered', body: echo('{"message":"e2"}').replace('$ENV', ENV.replace('{"name":"raw","version":"1"}', '{"version":"1","name":"raw"}')), lane: true },
  { name: 'clientInfo version a number', body: echo('{"message":"e3"}').replace('$ENV', ENV.replace('"version":"1"', '"version":1')), lane: false },
  { name: 'clientInfo version null', body: echo('{"message":"e4"}').replace('$ENV', ENV.replace('"version":"1"', '"version":null')), lane: false },
  { name: 'clientCapabilities a list', body: echo('{"message":"e5"}').replace('$ENV', ENV.replace('"io.modelcontextprotocol/clientCapabilities":{}', '"io.modelcontextprotocol/clientCapabilities":[]')) },
  { name: 'clientCapabilities with a string for a boolean', body: echo('{"message":"e6"}').replace('$ENV', ENV.replace('"io.modelcontextprotocol/clientCapabilities":{}', '"io.modelcontextprotocol/clientCapabilities":{"roots":{"listChanged":"true"}}')) },
  { name: 'an envelope past the memo (40 KiB of clientInfo)', body: echo('{"message":"e"}').replace('$ENV', JSON.stringify(envelope()).slice(1, -1).replace('"version":"1"', `"version":"1","title":"${'t'.repeat(40_000)}"`)), lane: true },
  { name: 'the envelope names another revision than the header', body: echo('{"message":"r"}').replace('$ENV', JSON.stringify(envelope()).slice(1, -1).replace('2026-07-28', '2025-11-25')), lane: false },
  { name: 'the header names 2026-07-28, the body no envelope', body: call('{"name":"everything__echo","arguments":{"message":"no"}}'), lane: false },
  { name: 'the header names 2026-07-28 padded', body: echo('{"message":"pad"}'), headers: { 'MCP-Protocol-Version': ' 2026-07-28\t' }, lane: true },
  { name: 'the header names 2025-11-25', body: echo('{"message":"old"}'), headers: { 'MCP-Protocol-Version': '2025-11-25' }, lane: false },
  { name: 'the header names a revision to come', body: echo('{"message":"new"}'), headers: { 'MCP-Protocol-Version': '2099-01-01' }, lane: false },
  { name: 'the method header of another method', body: echo('{"message":"m"}'), headers: { 'Mcp-Method': 'tools/list' }, lane: false },
  { name: 'a progress token of the wrong type', body: echo('{"message":"pt"}').replace('$ENV', '$ENV,"progressToken":{"x":1}'), lane: false },
  { name: 'a related task that is not one', body: echo('{"message":"rt"}').replace('$ENV', '$ENV,"io.modelcontextprotocol/related-task":{"taskId":5}'), lane: false },
  { name: 'a task in params', body: echo('{"message":"t"}', ',"task":{"ttl":"soon"}'), lane: false },
  { name: 'a tool of a server the agent may not use', body: echo('{"message":"n"}'), agent: 'narrow', lane: true },
  { name: 'a forged requestState', body: echo('{"message":"s"}', ',"requestState":"forged-state-0000","inputResponses":{}'), lane: false },
  { name: 'inputResponses without a state', body: echo('{"message":"s"}', ',"inputResponses":{"x":{"action":"accept","content":{}}}'), lane: false },
];

describe('a hostile agent on the 2026-07-28 lane is answered as the SDK path answers it', () => {
  for (const c of CASES) {
    it(`${c.name}`, async () => {
      const before = pair.served();
      const lane = await ask(withLane, c);
      const laneTook = pair.served() > before;
      const sdk = await ask(withoutLane, c);
      if (c.lane !== undefined) expect({ laneTook }).toEqual({ laneTook: c.lane });
      expect({ status: lane.status, type: lane.headers['content-type'], body: lane.body }).toEqual({ status: sdk.status, type: sdk.headers['content-type'], body: sdk.body });
      expect(lane.status).toBeGreaterThanOrEqual(200);
      expect(lane.status).toBeLessThan(500);
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    });
  }

  it("another agent's requestState, replayed, is refused on both bridges alike, and the owner's still works", async () => {
    const capabilities = { elicitation: { form: {} } };
    const first = (bridge: Bridge, agent: string): Promise<RawResponse> =>
      rawRequest(bridge.port, {
        headers: callHeaders(bridge.port, tokens.get(bridge)?.[agent], 'asking__ask-for'),
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'asking__ask-for', arguments: { who: 'owner' }, _meta: envelope(capabilities) } }),
      });
    const retry = (bridge: Bridge, agent: string, result: Record<string, unknown>): Promise<RawResponse> => {
      const key = Object.keys(result['inputRequests'] ?? {})[0] ?? '';
      const params = { name: 'asking__ask-for', arguments: { who: 'owner' }, requestState: result['requestState'], inputResponses: { [key]: { action: 'accept', content: { reply: 'stolen' } } }, _meta: envelope(capabilities) };
      return rawRequest(bridge.port, { headers: callHeaders(bridge.port, tokens.get(bridge)?.[agent], 'asking__ask-for'), body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params }) });
    };
    const answers: Array<{ stolen: string; own: string }> = [];
    for (const bridge of [withLane, withoutLane]) {
      const result = messageOf((await first(bridge, 'victim')).body).result ?? {};
      expect(result['resultType']).toBe('input_required');
      const stolen = await retry(bridge, 'hostile', result);
      const own = await retry(bridge, 'victim', result);
      expect(stolen.status).toBeLessThan(500);
      answers.push({ stolen: JSON.stringify(messageOf(stolen.body)), own: JSON.stringify(messageOf(own.body)) });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.stolen).not.toContain('stolen');
    expect(answers[0]?.own).toContain('owner: accept stolen');
  });

  it('a retry whose inputResponses is not an object keyed by the requests is refused -32602 on both bridges alike, and the state still answers', async () => {
    const capabilities = { elicitation: { form: {} } };
    const request = (bridge: Bridge, id: number, more: Record<string, unknown>): Promise<RawResponse> =>
      rawRequest(bridge.port, {
        headers: callHeaders(bridge.port, tokens.get(bridge)?.['victim'], 'asking__ask-for'),
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'asking__ask-for', arguments: { who: 'shape' }, ...more, _meta: envelope(capabilities) } }),
      });
    const seen: string[] = [];
    for (const bridge of [withLane, withoutLane]) {
      const result = messageOf((await request(bridge, 1, {})).body).result ?? {};
      expect(result['resultType']).toBe('input_required');
      const requestState = result['requestState'];
      for (const [i, malformed] of [[], 'accept', null, 7].entries()) {
        const refused = messageOf((await request(bridge, 10 + i, { requestState, inputResponses: malformed })).body);
        expect(refused.error).toMatchObject({ code: -32602 });
        expect(refused.error?.message).toContain('inputResponses');
        seen.push(JSON.stringify(refused));
      }
      const key = Object.keys(result['inputRequests'] ?? {})[0] ?? '';
      const own = await request(bridge, 20, { requestState, inputResponses: { [key]: { action: 'accept', content: { reply: 'kept' } } } });
      expect(JSON.stringify(messageOf(own.body))).toContain('shape: accept kept');
    }
    expect(seen.slice(0, 4)).toEqual(seen.slice(4));
  });

  it('MCP-Protocol-Version changing from request to request, the same envelope: each answered as the SDK answers it', async () => {
    const versions = ['2026-07-28', '2025-11-25', '2026-07-28', ' 2026-07-28', '2099-01-01', '2026-07-28', '2026-07-28, 2026-07-28'];
    for (const [i, version] of versions.entries()) {
      const c: Case = { name: `v${i}`, body: echo(`{"message":"v${i}"}`), headers: { 'MCP-Protocol-Version': version } };
      const [lane, sdk] = [await ask(withLane, c), await ask(withoutLane, c)];
      expect({ version, status: lane.status, body: lane.body }).toEqual({ version, status: sdk.status, body: sdk.body });
    }
  });
});
