import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../electron/bridge';
import { rawRequest, type RawResponse } from '../support/bridge-harness';
import { LANE_MAX_BODY as MAX_BODY, startLanePair, type LanePair } from '../support/lane-pair';
import { callBody, callHeaders, envelope, messageOf } from '../support/modern-raw';

// docs/bridge.md §Speed of the two eras: a 2026-07-28 agent's first-round tools/call takes the
// bridge's own lane (electron/bridge/modern-lane.ts) instead of createMcpHandler's path. Two bridges
// over one pool, one with the lane and one without, are sent the same requests: each answer is the
// same, byte for byte (status, content type, body), or, where a sealed state differs, in structure.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const SECRET = 'lane-secret-value-7f3a9c21';

let pair: LanePair;
let withLane: Bridge;
let withoutLane: Bridge;
const tokens = new Map<Bridge, string>();

beforeAll(async () => {
  pair = await startLanePair({ LANE_SECRET: SECRET });
  ({ withLane, withoutLane } = pair);
  for (const bridge of [withLane, withoutLane]) tokens.set(bridge, (await bridge.agents.add('same', { servers: ['*'], policy: ALLOW_ALL })).token);
}, 90_000);

afterAll(async () => {
  await pair?.close();
});

interface Case {
  name: string;
  tool: string;
  args?: unknown;
  headers?: Record<string, string>;
  /** Standard headers left out. */
  omit?: string[];
  capabilities?: Record<string, unknown>;
  /** The raw body, where the case is about the body itself. */
  body?: string;
  /** Whether the lane takes it (else the SDK's path, or the endpoint before either, answers). */
  lane: boolean;
}

async function ask(bridge: Bridge, c: Case): Promise<RawResponse> {
  const headers = callHeaders(bridge.port, tokens.get(bridge), c.tool, c.headers);
  for (const name of c.omit ?? []) delete headers[name];
  return rawRequest(bridge.port, { headers, body: c.body ?? callBody(`id-${c.name}`, c.tool, c.args ?? {}, {}, c.capabilities ?? {}) });
}

/** Status, content type and body of both bridges' answers, with the lane counted. */
async function both(c: Case): Promise<{ lane: RawResponse; sdk: RawResponse; laneTook: boolean }> {
  const before = pair.served();
  const lane = await ask(withLane, c);
  const laneTook = pair.served() > before;
  return { lane, sdk: await ask(withoutLane, c), laneTook };
}

const deep = (levels: number): unknown => (levels === 0 ? 'bottom' : { inner: deep(levels - 1) });

const CASES: Case[] = [
  { name: 'success', tool: 'everything__echo', args: { message: 'hello' }, lane: true },
  { name: 'tool error', tool: 'fault__fail', lane: true },
  { name: 'unknown tool', tool: 'everything__nope', lane: true },
  { name: 'arguments that do not fit the tool', tool: 'everything__echo', args: { message: 5 }, lane: true },
  { name: 'arguments that are not an object', tool: 'everything__echo', args: 'text', lane: true },
  { name: 'arguments past the bounds', tool: 'everything__echo', args: { message: 'x', deep: deep(70) }, lane: true },
  // From the server's environment (a call holding a vault value whole would wait for the person).
  { name: 'a vault secret in the result', tool: 'everything__get-env', args: {}, lane: true },
  { name: 'a capability the request did not declare', tool: 'asking__ask-sample', capabilities: { elicitation: { form: {} } }, lane: true },
  { name: 'Mcp-Name disagrees with the body', tool: 'everything__echo', args: { message: 'x' }, headers: { 'Mcp-Name': 'everything__add' }, lane: false },
  { name: 'Mcp-Method disagrees with the body', tool: 'everything__echo', args: { message: 'x' }, headers: { 'Mcp-Method': 'tools/list' }, lane: false },
  { name: 'no MCP-Protocol-Version header', tool: 'everything__echo', args: { message: 'x' }, omit: ['MCP-Protocol-Version'], lane: false },
  { name: 'no Mcp-Name header', tool: 'everything__echo', args: { message: 'x' }, omit: ['Mcp-Name'], lane: false },
  { name: 'a revision the bridge does not serve', tool: 'everything__echo', headers: { 'MCP-Protocol-Version': '2099-01-01' }, body: callBody(1, 'everything__echo', { message: 'x' }, { 'io.modelcontextprotocol/protocolVersion': '2099-01-01' }), lane: false },
  { name: 'oversized', tool: 'everything__echo', body: callBody(1, 'everything__echo', { message: 'x'.repeat(MAX_BODY) }), lane: false },
  { name: 'bad JSON', tool: 'everything__echo', body: '{"jsonrpc":"2.0","id":1,"method":"tools/call",', lane: false },
];

describe("the 2026-07-28 lane answers what createMcpHandler's path answers", () => {
  const answers = new Map<string, ReturnType<typeof messageOf>>();
  for (const c of CASES) {
    it(`${c.name}: byte for byte (${c.lane ? 'on the lane' : 'not the lane'})`, async () => {
      const { lane, sdk, laneTook } = await both(c);
      if (lane.headers['content-type'] === 'application/json') answers.set(c.name, messageOf(lane.body));
      expect(laneTook).toBe(c.lane);
      expect({ status: lane.status, type: lane.headers['content-type'], body: lane.body }).toEqual({ status: sdk.status, type: sdk.headers['content-type'], body: sdk.body });
      expect(lane.status).toBeLessThan(500);
      expect(lane.body).not.toContain(SECRET);
      // The lane declares its answer's length (one write, not chunked), as a session's answer does.
      if (c.lane) expect([lane.headers['content-length'], lane.headers['transfer-encoding']]).toEqual([String(Buffer.byteLength(lane.body)), undefined]);
      // So does createMcpHandler's path for a JSON answer (web-exchange.ts), where the SDK answers it.
      if (sdk.headers['content-type'] === 'application/json') expect([sdk.headers['content-length'], sdk.headers['transfer-encoding']]).toEqual([String(Buffer.byteLength(sdk.body)), undefined]);
    });
  }

  it('what the cases show: the answers are the ones each case is about', () => {
    expect(answers.get('success')?.result).toMatchObject({ content: [{ type: 'text', text: 'Echo: hello' }], resultType: 'complete' });
    expect(answers.get('tool error')?.result).toMatchObject({ isError: true });
    expect(answers.get('unknown tool')?.error?.code).toBe(-32602);
    // The server refuses them: a tool error the model reads (invalid_input), not a protocol error.
    expect(answers.get('arguments that do not fit the tool')?.result).toMatchObject({ isError: true, _meta: { 'connected-services/error': { code: 'invalid_input' } } });
    expect(answers.get('arguments that are not an object')?.error?.code).toBe(-32602);
    expect(answers.get('arguments past the bounds')?.error?.code).toBe(-32602);
    expect(JSON.stringify(answers.get('a vault secret in the result')?.result)).toContain('[redacted]');
    expect(answers.get('a capability the request did not declare')?.error?.code).toBe(-32021);
    for (const header of ['Mcp-Name disagrees with the body', 'Mcp-Method disagrees with the body', 'no MCP-Protocol-Version header', 'no Mcp-Name header']) expect(answers.get(header)?.error?.code).toBe(-32020);
    expect(answers.get('a revision the bridge does not serve')?.error?.code).toBe(-32022);
    expect(answers.get('oversized')?.error?.code).toBe(-32600);
    expect(answers.get('bad JSON')?.error?.code).toBe(-32700);
  });

  it('an input_required result: the same round, its sealed state aside, and its retry resumes the call', async () => {
    const c: Case = { name: 'input required', tool: 'asking__ask-for', args: { who: 'lane' }, capabilities: { elicitation: { form: {} } }, lane: true };
    // Each bridge's round and retry in turn: the server asks one form at a time.
    const round = async (bridge: Bridge): Promise<{ first: RawResponse; state: string; done: string }> => {
      const first = await ask(bridge, c);
      const result = messageOf(first.body).result ?? {};
      const state = String(result['requestState']);
      const key = Object.keys(result['inputRequests'] ?? {})[0] ?? '';
      const params = { name: c.tool, arguments: c.args, requestState: state, inputResponses: { [key]: { action: 'accept', content: { reply: 'hi' } } }, _meta: envelope(c.capabilities) };
      const body = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params });
      const done = await rawRequest(bridge.port, { headers: callHeaders(bridge.port, tokens.get(bridge), c.tool), body });
      return { first, state, done: done.body };
    };
    const before = pair.served();
    const lane = await round(withLane);
    // The first round took the lane; the retry, which carries a state, the SDK's path.
    expect(pair.served()).toBe(before + 1);
    const sdk = await round(withoutLane);
    expect(pair.served()).toBe(before + 1);
    expect([lane.first.status, lane.first.headers['content-type']]).toEqual([sdk.first.status, sdk.first.headers['content-type']]);
    expect(messageOf(lane.first.body).result).toMatchObject({ resultType: 'input_required' });
    expect(lane.state.length).toBeGreaterThan(20);
    expect(lane.first.body.replace(lane.state, '<state>')).toBe(sdk.first.body.replace(sdk.state, '<state>'));
    expect(lane.done).toBe(sdk.done);
    expect(messageOf(lane.done).result).toMatchObject({ content: [{ type: 'text', text: 'lane: accept hi' }] });
  });

  it('the same audit: each bridge recorded the calls alike', async () => {
    await Promise.all([withLane.audit.flush(), withoutLane.audit.flush()]);
    const summary = async (bridge: Bridge): Promise<string[]> =>
      (await bridge.audit.read({ agent: 'same' })).map((e) => `${e.kind} ${e.server} ${e.tool} ${e.outcome} ${e.errorCode ?? ''}`).sort();
    const [laneAudit, sdkAudit] = await Promise.all([summary(withLane), summary(withoutLane)]);
    expect(laneAudit.length).toBeGreaterThan(5);
    expect(laneAudit).toEqual(sdkAudit);
  });
});
