/**
 * The bridge's added latency of two trees measured against each other (the bench's `latency` and
 * `latency-2026` rows): a bridge process of each tree with a session and a 2026-07-28 lean client,
 * the bare HTTP relay (what crossing HTTP alone adds) and the SDK client straight on stdio, rounds of
 * one-at-a-time `echo` calls, every side in each round, the order turned each round so load that
 * comes and goes hits all alike. Prints each round's p50s and the medians over the rounds of each
 * side's p50 and of its p50 minus the direct p50 of the same round (the rows' "added").
 *
 * Run: make the other tree as era-ab.ts's header says, then
 * `AB_BEFORE=/tmp/before node --import tsx test/bench/latency-ab.ts`. AB_AFTER (default this tree),
 * AB_ROUNDS (11), AB_CALLS (500 per side per round, as the bench), AB_WARMUP (10000).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EVERYTHING, ROOT } from '../fixtures/servers/config';
import { load, median, sequentialP50 } from './ab-figures';
import { startBenchProcess, type BenchProcess } from './bench-process';
import { LeanClient } from './lean-client';

const BEFORE = process.env['AB_BEFORE'];
if (BEFORE === undefined) throw new Error('AB_BEFORE: the tree of the code to compare against (see the header of latency-ab.ts)');
const AFTER = process.env['AB_AFTER'] ?? ROOT;
const ROUNDS = Number(process.env['AB_ROUNDS'] ?? 11);
const CALLS = Number(process.env['AB_CALLS'] ?? 500);
const WARMUP = Number(process.env['AB_WARMUP'] ?? 10000);
const RELAY_PROCESS = fileURLToPath(new URL('../fixtures/bridge/http-relay.ts', import.meta.url));

type Echo = (message: string) => Promise<string | undefined>;
interface Side {
  name: string;
  echo: Echo;
}

/** p50 in ms of `calls` calls one at a time. */
const p50 = (side: Side, calls: number): Promise<number> => sequentialP50(side.name, side.echo, calls);

const everything = { command: process.execPath, args: [EVERYTHING, 'stdio'] };
const stops: Array<() => Promise<unknown>> = [];
const sides: Side[] = [];
try {
  const direct = new Client({ name: 'latency-ab', version: '1' });
  await direct.connect(new StdioClientTransport({ ...everything, stderr: 'ignore' }));
  stops.push(() => direct.close());
  sides.push({
    name: 'direct',
    echo: async (message) => {
      const result = await direct.callTool({ name: 'echo', arguments: { message } });
      return (result['content'] as Array<{ text?: string }> | undefined)?.[0]?.text;
    },
  });
  const relay = await startBenchProcess(RELAY_PROCESS, { RELAY_COMMAND: everything.command, RELAY_ARGS: JSON.stringify(everything.args) });
  stops.push(() => relay.stop());
  const leanRelay = await LeanClient.connect(relay.url);
  stops.push(() => leanRelay.close());
  sides.push({ name: 'relay', echo: (message) => leanRelay.callTool('echo', { message }) });
  for (const [name, tree] of [['before', BEFORE], ['after', AFTER]] as const) {
    const bridge: BenchProcess = await startBenchProcess(join(tree, 'test/fixtures/bridge/bridge-process.ts'), { BRIDGE_SERVERS: JSON.stringify({ everything }) });
    stops.push(() => bridge.stop());
    const session = await LeanClient.connect(bridge.url, bridge.token);
    const modern = LeanClient.modern(bridge.url, bridge.token);
    stops.push(() => session.close(), () => modern.close());
    sides.push({ name: `${name} session`, echo: (message) => session.callTool('everything__echo', { message }) });
    sides.push({ name: `${name} 2026`, echo: (message) => modern.callTool('everything__echo', { message }) });
  }
  for (const side of sides) await p50(side, WARMUP);
  console.log(`load at the start: ${load()}`);
  const rows = new Map<string, number[]>(sides.map((side) => [side.name, []]));
  const added = new Map<string, number[]>(sides.map((side) => [side.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    const figures = new Map<string, number>();
    for (const side of order) figures.set(side.name, await p50(side, CALLS));
    const directMs = figures.get('direct') ?? Number.NaN;
    for (const [name, ms] of figures) {
      rows.get(name)?.push(ms);
      added.get(name)?.push(ms - directMs);
    }
    console.log(`round ${round}: ${sides.map((side) => `${side.name} ${(figures.get(side.name) ?? Number.NaN).toFixed(3)}`).join('  ')} (p50 ms)`);
  }
  console.log(`load at the end: ${load()}`);
  for (const side of sides) {
    console.log(`${side.name}: p50 ${median(rows.get(side.name) ?? []).toFixed(3)} ms, added ${median(added.get(side.name) ?? []).toFixed(3)} ms (medians of ${ROUNDS})`);
  }
  for (const era of ['session', '2026']) {
    const before = rows.get(`before ${era}`) ?? [];
    const diffs = (rows.get(`after ${era}`) ?? []).map((ms, i) => ms - (before[i] ?? Number.NaN));
    console.log(`${era}: after − before, paired by round: ${median(diffs).toFixed(3)} ms`);
  }
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}
