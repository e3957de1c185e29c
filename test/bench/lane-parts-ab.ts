/**
 * The 2026-07-28 lane's own parts measured against another tree's in one process (docs/bridge.md
 * §Speed of the two eras): the body's JSON-RPC check, the era's classification of a call (the memo
 * answering), the remembered classification alone, the lane's entry, its context's `mcpReq`, and the
 * SDK's rules around a plain result. Each part runs 200,000 times per round, the two
 * trees alternating which goes first; prints the medians of the process's CPU time per call (garbage
 * collection included). Steps too small for two bridge processes' rounds to resolve show here.
 *
 * Run: `git worktree add --detach /work/wt-<name>-base <commit>` (or `git archive`, with node_modules
 * linked), then `AB_BEFORE=/work/wt-<name>-base node --import tsx test/bench/lane-parts-ab.ts` (AB_ROUNDS, default 9; AB_CALLS per part and round, default 200,000).
 */
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import * as sdk from '@modelcontextprotocol/server';
import { ROOT } from '../fixtures/servers/config';
import { LazyAbort } from '../../electron/pool';
import type * as Memo from '../../electron/bridge/modern-route-memo';
import type * as Wire from '../../electron/mcp-wire';
import type * as Context from '../../electron/bridge/modern-lane-context';
import type * as Entry from '../../electron/bridge/modern-lane-entry';
import type * as Body from '../../electron/bridge/http-body';
import type * as Endpoint from '../../electron/bridge/modern-endpoint';

const BEFORE = process.env['AB_BEFORE'];
if (BEFORE === undefined) throw new Error('AB_BEFORE: the tree of the code to compare against (see the header of lane-parts-ab.ts)');
const ROUNDS = Number(process.env['AB_ROUNDS'] ?? 9);
const CALLS = Number(process.env['AB_CALLS'] ?? 200_000);

interface Tree {
  memo: Memo.ModernRouteMemo;
  wire: typeof Wire;
  context: typeof Context;
  entry: typeof Entry;
  body: typeof Body;
  endpoint: typeof Endpoint;
}

async function tree(root: string): Promise<Tree> {
  const memo = (await import(join(root, 'electron/bridge/modern-route-memo.ts'))) as typeof Memo;
  return {
    memo: new memo.ModernRouteMemo(),
    wire: (await import(join(root, 'electron/mcp-wire/index.ts'))) as typeof Wire,
    context: (await import(join(root, 'electron/bridge/modern-lane-context.ts'))) as typeof Context,
    entry: (await import(join(root, 'electron/bridge/modern-lane-entry.ts'))) as typeof Entry,
    body: (await import(join(root, 'electron/bridge/http-body.ts'))) as typeof Body,
    endpoint: (await import(join(root, 'electron/bridge/modern-endpoint.ts'))) as typeof Endpoint,
  };
}

const headers = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'everything__echo' };
const req = { method: 'POST', headers } as unknown as IncomingMessage;
const ENVELOPE = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'bench-lean', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
type Request = { jsonrpc: '2.0'; id: number; method: 'tools/call'; params: Record<string, unknown> };
// Bodies parsed as the bridge parses them, 2,000 of them in turn (what lean-client.ts sends).
const bodies = Array.from({ length: 2000 }, (_, i) => JSON.parse(JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'everything__echo', arguments: { message: `m${i}` }, _meta: ENVELOPE } })) as Request);
const bodyAt = (i: number): Request => bodies[i % bodies.length] as Request;
const texts = bodies.map((body) => JSON.stringify(body));
const facts = (body: unknown): sdk.InboundHttpRequest => ({ httpMethod: 'POST', body, protocolVersionHeader: '2026-07-28', mcpMethodHeader: 'tools/call', mcpNameHeader: 'everything__echo' });
const route = (body: Request): sdk.InboundModernRoute => ({ kind: 'modern', messageKind: 'request', message: body, classification: { era: 'modern', revision: '2026-07-28' } });
const core = (): Promise<unknown> => Promise.resolve({ content: [{ type: 'text', text: 'Echo: m' }] });
const checked = { method: 'tools/call', params: { name: 'everything__echo', arguments: {} } };

type Part = (i: number) => unknown;
function parts(side: Tree): Record<string, Part> {
  side.memo.classify(sdk, req, facts(bodyAt(0)));
  const server = new sdk.Server({ name: 'parts', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/call', (() => ({ content: [] })) as never);
  side.wire.bindModernEra(server);
  const rules = side.wire.toolCallRules(server, (code, message) => new sdk.ProtocolError(code, message));
  if (!rules) throw new Error('no rules in this tree');
  const mcpReq = (i: number): Context.LaneMcpReq => new side.context.LaneMcpReq(i, undefined, ENVELOPE, new LazyAbort(), () => undefined);
  return {
    'body check (parseJsonRpc)': (i) => side.body.parseJsonRpc(texts[i % texts.length] ?? ''),
    'classification (isModernRequest, remembered)': (i) => side.endpoint.isModernRequest(req, bodyAt(i)),
    'memo known': (i) => side.memo.known(sdk, req, bodyAt(i)),
    laneRequest: (i) => side.entry.laneRequest(req, route(bodyAt(i))),
    'LaneMcpReq and context': (i) => side.context.laneContext(mcpReq(i)),
    'rules around a plain result (context included)': (i) => rules(core, checked, side.context.laneContext(mcpReq(i))),
  };
}

const cpu = (): number => {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
};
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const trees = { before: await tree(BEFORE), after: await tree(process.env['AB_AFTER'] ?? ROOT) };
// The first classification loads the SDK in each tree and remembers the envelope.
for (const side of Object.values(trees)) await side.endpoint.isModernRequest(req, bodyAt(0));
const sides = { before: parts(trees.before), after: parts(trees.after) };
console.log(`load at the start: ${(await import('node:os')).loadavg().map((n) => n.toFixed(2)).join(' ')}`);
for (const name of Object.keys(sides.after)) {
  const figures: Record<'before' | 'after', number[]> = { before: [], after: [] };
  // Round 0 warms both up and is not counted.
  for (let round = 0; round <= ROUNDS; round++) {
    for (const side of round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
      const part = sides[side][name];
      if (!part) throw new Error(`${name}: not in the ${side} tree`);
      const start = cpu();
      // Promises awaited ten at a time, so an async part's continuations are counted too.
      for (let i = 0; i < CALLS; i += 10) {
        const pending: unknown[] = [];
        for (let j = i; j < i + 10; j++) pending.push(part(j));
        if (pending[0] instanceof Promise) await Promise.all(pending);
      }
      if (round > 0) figures[side].push((cpu() - start) / CALLS);
    }
  }
  console.log(`${name}: ${median(figures.before).toFixed(3)} → ${median(figures.after).toFixed(3)} µs per call (medians of ${ROUNDS} rounds)`);
}
console.log(`load at the end: ${(await import('node:os')).loadavg().map((n) => n.toFixed(2)).join(' ')}`);
