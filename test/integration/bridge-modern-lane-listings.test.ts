import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../electron/bridge';
import { mcpHeaders, rawRequest, type RawResponse } from '../support/bridge-harness';
import { startLanePair, type LanePair } from '../support/lane-pair';
import { envelope, messageOf, MODERN } from '../support/modern-raw';

// docs/bridge.md §Speed of the two eras: a 2026-07-28 agent's listings and its calls with a progress
// token take the bridge's own lane (electron/bridge/modern-lane.ts) too. Two bridges over one pool,
// one with the lane and one without (`modernLane: false`), are sent the same requests, and look-alikes
// one byte, one order or one type away that must keep the SDK's path: each answer is the same, byte
// for byte (status, the head's fields, the body, a progress stream's every event), never a 5xx.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const DENY_ALL = { read: 'deny', write: 'deny', destructive: 'deny' } as const;
const SECRET = 'listing-secret-value-5d1e8b07';
const AGENTS = ['all', 'narrow', 'search', 'plain', 'denied'] as const;
type AgentName = (typeof AGENTS)[number];

let pair: LanePair;
let withLane: Bridge;
let withoutLane: Bridge;
const tokens = new Map<Bridge, Map<AgentName, string>>();

beforeAll(async () => {
  pair = await startLanePair({ LISTING_SECRET: SECRET });
  ({ withLane, withoutLane } = pair);
  for (const bridge of [withLane, withoutLane]) {
    const add = async (name: AgentName, input: Parameters<Bridge['agents']['add']>[1]): Promise<[AgentName, string]> => [name, (await bridge.agents.add(name, input)).token];
    tokens.set(
      bridge,
      new Map([
        await add('all', { servers: ['*'], policy: ALLOW_ALL }),
        await add('narrow', { servers: ['fault'], policy: ALLOW_ALL }),
        await add('search', { servers: ['*'], policy: ALLOW_ALL, toolMode: 'search' }),
        await add('plain', { servers: ['*'], policy: ALLOW_ALL, names: 'plain' }),
        await add('denied', { servers: ['*'], policy: DENY_ALL }),
      ]),
    );
  }
}, 90_000);

afterAll(async () => {
  await pair?.close();
});

interface Case {
  name: string;
  method: string;
  /** The raw body; `$ENV` is replaced by the envelope's members (without braces). */
  body: string;
  headers?: Record<string, string>;
  omit?: string[];
  agent?: AgentName;
  /** Whether the lane takes it. */
  lane: boolean;
}

const ENV = JSON.stringify(envelope()).slice(1, -1);
const request = (method: string, params: string, id = '"l"'): string => `{"jsonrpc":"2.0","id":${id},"method":"${method}","params":${params}}`;
const listing = (method: string, more = ''): string => request(method, `{${more}"_meta":{$ENV}}`);
const progress = (tool: string, args: string, token: string, more = ''): string => request('tools/call', `{"name":"${tool}","arguments":${args},"_meta":{$ENV,"progressToken":${token}${more}}}`);

async function ask(bridge: Bridge, c: Case): Promise<RawResponse> {
  const name = /"name":"([^"]*)"/.exec(c.body)?.[1];
  const standard: Record<string, string> = { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': c.method, ...(c.method === 'tools/call' && name !== undefined && { 'Mcp-Name': name }) };
  const headers = mcpHeaders(bridge.port, tokens.get(bridge)?.get(c.agent ?? 'all'), { ...standard, ...c.headers });
  for (const omitted of c.omit ?? []) delete headers[omitted];
  return rawRequest(bridge.port, { headers, body: c.body.replaceAll('$ENV', ENV) });
}

/** What an answer is, byte for byte: status, the head's fields a client reads (not the date), the body. */
function wire(response: RawResponse): object {
  const fields = ['content-type', 'content-length', 'transfer-encoding', 'cache-control', 'connection', 'x-accel-buffering', 'x-content-type-options'];
  return { status: response.status, head: Object.fromEntries(fields.map((field) => [field, response.headers[field]])), body: response.body };
}

const LISTINGS = ['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list'];
const CASES: Case[] = [
  ...LISTINGS.flatMap((method): Case[] => [
    { name: `${method}`, method, body: listing(method), lane: true },
    { name: `${method} with a cursor`, method, body: listing(method, '"cursor":"c1",'), lane: true },
    { name: `${method} with a cursor of the wrong type`, method, body: listing(method, '"cursor":5,'), lane: true },
    { name: `${method} with a progress token`, method, body: request(method, '{"_meta":{$ENV,"progressToken":"lp"}}'), lane: true },
    { name: `${method} with an Mcp-Name header it does not read`, method, body: listing(method), headers: { 'Mcp-Name': 'anything' }, lane: true },
    { name: `${method} with members it does not know`, method, body: listing(method, '"extra":{"a":1},'), lane: true },
    { name: `${method} of a narrow agent`, method, body: listing(method), agent: 'narrow', lane: true },
  ]),
  { name: 'tools/list of an agent that searches', method: 'tools/list', body: listing('tools/list'), agent: 'search', lane: true },
  { name: 'tools/list of an agent with plain names', method: 'tools/list', body: listing('tools/list'), agent: 'plain', lane: true },
  { name: 'tools/list of an agent the policy denies everything', method: 'tools/list', body: listing('tools/list'), agent: 'denied', lane: true },
  // Look-alikes: one byte, one order or one type away; the SDK's path answers them.
  { name: 'tools/list with a log level', method: 'tools/list', body: request('tools/list', `{"_meta":{$ENV,"io.modelcontextprotocol/logLevel":"info"}}`), lane: false },
  { name: 'tools/list with a fractional progress token', method: 'tools/list', body: request('tools/list', '{"_meta":{$ENV,"progressToken":1.5}}'), lane: false },
  { name: 'tools/list with a requestState', method: 'tools/list', body: listing('tools/list', '"requestState":"s",'), lane: false },
  { name: 'tools/list with inputResponses', method: 'tools/list', body: listing('tools/list', '"inputResponses":{},'), lane: false },
  { name: 'tools/list with a task', method: 'tools/list', body: listing('tools/list', '"task":{"ttl":1},'), lane: false },
  { name: 'tools/list under the method header of prompts/list', method: 'tools/list', body: listing('tools/list'), headers: { 'Mcp-Method': 'prompts/list' }, lane: false },
  { name: 'tools/list without an Mcp-Method header', method: 'tools/list', body: listing('tools/list'), omit: ['Mcp-Method'], lane: false },
  { name: 'tools/list without an MCP-Protocol-Version header', method: 'tools/list', body: listing('tools/list'), omit: ['MCP-Protocol-Version'], lane: false },
  { name: 'tools/list naming another revision', method: 'tools/list', body: listing('tools/list'), headers: { 'MCP-Protocol-Version': '2099-01-01' }, lane: false },
  { name: 'tools/List (one byte of case)', method: 'tools/List', body: listing('tools/List'), lane: false },
  { name: 'tools/list, an id null', method: 'tools/list', body: request('tools/list', '{"_meta":{$ENV}}', 'null'), lane: false },
  { name: 'tools/list, an id an object', method: 'tools/list', body: request('tools/list', '{"_meta":{$ENV}}', '{"a":1}'), lane: false },
  { name: 'tools/list, jsonrpc 2.1', method: 'tools/list', body: listing('tools/list').replace('"2.0"', '"2.1"'), lane: false },
  { name: 'tools/list, clientInfo version a number', method: 'tools/list', body: listing('tools/list').replace('$ENV', ENV.replace('"version":"1"', '"version":1')), lane: false },
  { name: 'tools/list, clientInfo members reordered', method: 'tools/list', body: listing('tools/list').replace('$ENV', ENV.replace('{"name":"raw","version":"1"}', '{"version":"1","name":"raw"}')), lane: true },
  { name: 'tools/list, params an array', method: 'tools/list', body: request('tools/list', '[]'), lane: false },
  { name: 'logging/setLevel (not a 2026-07-28 method)', method: 'logging/setLevel', body: listing('logging/setLevel', '"level":"info",'), lane: false },
  { name: 'resources/read (not the lane’s)', method: 'resources/read', body: listing('resources/read', '"uri":"x://y",'), headers: { 'Mcp-Name': 'x://y' }, lane: false },
  // Calls with a progress token: their progress streamed, or a plain answer when none was sent.
  { name: 'progress, three steps', method: 'tools/call', body: progress('fault__progress', '{"steps":3}', '"p3"'), lane: true },
  { name: 'progress, a numeric token', method: 'tools/call', body: progress('fault__progress', '{"steps":2}', '7'), lane: true },
  { name: 'progress asked of a tool that sends none', method: 'tools/call', body: progress('everything__echo', '{"message":"quiet"}', '"q"'), lane: true },
  { name: 'progress, a vault secret in the result', method: 'tools/call', body: progress('everything__get-env', '{}', '"s"'), lane: true },
  { name: 'progress, a tool error', method: 'tools/call', body: progress('fault__fail', '{}', '"f"'), lane: true },
  { name: 'progress, an unknown tool', method: 'tools/call', body: progress('everything__nope', '{}', '"u"'), lane: true },
  { name: 'progress, arguments that do not fit', method: 'tools/call', body: progress('fault__progress', '{"steps":"many"}', '"a"'), lane: true },
  { name: 'progress, a capability the request did not declare', method: 'tools/call', body: progress('asking__ask-sample', '{}', '"c"'), lane: true },
  { name: 'progress, a server the agent may not use', method: 'tools/call', body: progress('everything__echo', '{"message":"n"}', '"n"'), agent: 'narrow', lane: true },
  { name: 'progress, a policy that denies', method: 'tools/call', body: progress('fault__progress', '{"steps":2}', '"d"'), agent: 'denied', lane: true },
  { name: 'progress, a token past the safe integers', method: 'tools/call', body: progress('fault__progress', '{"steps":2}', '9007199254740993'), lane: false },
  { name: 'progress, a token an object', method: 'tools/call', body: progress('fault__progress', '{"steps":2}', '{"t":1}'), lane: false },
  { name: 'progress, with a log level', method: 'tools/call', body: progress('fault__progress', '{"steps":2}', '"g"', ',"io.modelcontextprotocol/logLevel":"debug"'), lane: false },
  { name: 'progress, Mcp-Name one byte off', method: 'tools/call', body: progress('fault__progress', '{"steps":2}', '"m"'), headers: { 'Mcp-Name': 'fault__progresS' }, lane: false },
];

describe("the 2026-07-28 lane's listings and progress answer what createMcpHandler's path answers", () => {
  const answers = new Map<string, RawResponse>();
  for (const c of CASES) {
    it(`${c.name}: byte for byte (${c.lane ? 'on the lane' : 'not the lane'})`, async () => {
      const before = pair.served();
      const lane = await ask(withLane, c);
      const laneTook = pair.served() > before;
      const sdk = await ask(withoutLane, c);
      answers.set(c.name, lane);
      expect({ laneTook }).toEqual({ laneTook: c.lane });
      expect(wire(lane)).toEqual(wire(sdk));
      expect(lane.status).toBeLessThan(500);
      expect(lane.body).not.toContain(SECRET);
    });
  }

  it('what the cases show: cache hints on listings, the progress streamed, the refusals the ones the cases are about', () => {
    const result = (name: string): Record<string, unknown> | undefined => messageOf(answers.get(name)?.body ?? '{}').result;
    const code = (name: string): number | undefined => messageOf(answers.get(name)?.body ?? '{}').error?.code;
    for (const method of LISTINGS) expect(result(method)).toMatchObject({ ttlMs: 60_000, cacheScope: 'private', resultType: 'complete' });
    expect((result('tools/list')?.['tools'] as unknown[]).length).toBeGreaterThan((result('tools/list of a narrow agent')?.['tools'] as unknown[]).length);
    expect(code('tools/list with a cursor of the wrong type')).toBeDefined();
    const stream = answers.get('progress, three steps');
    expect(stream?.headers['content-type']).toBe('text/event-stream');
    const events = (stream?.body ?? '').split('\n\n').filter((event) => event.startsWith('event: message'));
    expect(events.map((event) => (JSON.parse(event.slice(event.indexOf('data: ') + 6)) as { method?: string }).method)).toEqual(['notifications/progress', 'notifications/progress', 'notifications/progress', undefined]);
    expect(result('progress, three steps')).toMatchObject({ content: [{ type: 'text', text: 'done' }] });
    expect(answers.get('progress asked of a tool that sends none')?.headers['content-type']).toBe('application/json');
    expect(JSON.stringify(result('progress, a vault secret in the result'))).toContain('[redacted]');
    expect(code('progress, a capability the request did not declare')).toBe(-32021);
    expect(answers.get('progress, a capability the request did not declare')?.status).toBe(400);
    expect(code('logging/setLevel (not a 2026-07-28 method)')).toBe(-32601);
    for (const name of ['tools/list under the method header of prompts/list', 'tools/list without an Mcp-Method header', 'progress, Mcp-Name one byte off']) expect(code(name)).toBe(-32020);
  });

  it('the same audit: each bridge recorded the calls alike', async () => {
    await Promise.all([withLane.audit.flush(), withoutLane.audit.flush()]);
    const summary = async (bridge: Bridge): Promise<string[]> => {
      const entries = await Promise.all(AGENTS.map((agent) => bridge.audit.read({ agent })));
      return entries.flat().map((e) => `${e.agent} ${e.kind} ${e.server} ${e.tool} ${e.outcome} ${e.errorCode ?? ''}`).sort();
    };
    const [laneAudit, sdkAudit] = await Promise.all([summary(withLane), summary(withoutLane)]);
    expect(laneAudit.length).toBeGreaterThan(5);
    expect(laneAudit).toEqual(sdkAudit);
  });
});
