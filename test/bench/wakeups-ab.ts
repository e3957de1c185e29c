/**
 * Wakeups per call of two trees measured against each other (docs/bridge.md §Speed of the two eras):
 * under load a call's added latency is mostly waiting for a core, once for every thread that must
 * wake for it. Sides as latency-ab.ts (the SDK client straight on stdio, a session and a 2026-07-28
 * lean client on a bridge process of each tree), rounds of one-at-a-time `echo` calls, the order
 * turned each round. Per side and round: the p50, the bridge's CPU per call, and the context switches
 * per call (voluntary/involuntary; `main` the main thread, `node-threads` the others summed: node 20
 * names libuv's threadpool and V8's workers alike) of the agent (this process), the bridge and the
 * server it runs.
 *
 * Run: make the other tree as era-ab.ts's header says, then
 * `AB_BEFORE=/tmp/before node --import tsx test/bench/wakeups-ab.ts`. AB_AFTER (default this tree),
 * AB_ROUNDS (7), AB_CALLS (1000 per side per round), AB_WARMUP (5000).
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EVERYTHING, ROOT } from '../fixtures/servers/config';
import { abSettings, load, median, sequentialP50 } from './ab-figures';
import { startBenchProcess, type BenchProcess } from './bench-process';
import { LeanClient } from './lean-client';
import { processTree } from './proc-rss';
import { describeSwitches, switchesOf, switchesPerCall, totalOf, type Switches } from './proc-switches';

const { before: BEFORE, after: AFTER, rounds: ROUNDS, calls: CALLS, warmup: WARMUP } = abSettings('wakeups-ab.ts', ROOT, { rounds: 7, calls: 1000, warmup: 5000 });

interface Side {
  name: string;
  echo: (message: string) => Promise<string | undefined>;
  /** The processes a call crosses besides this one: the bridge (when there is one) and the server. */
  bridge?: BenchProcess;
  server: number;
}
interface Figures {
  p50: number;
  cpu: number;
  switches: Record<'agent' | 'bridge' | 'server', Switches>;
}

async function measure(side: Side, calls: number): Promise<Figures> {
  const pids = { agent: process.pid, bridge: side.bridge?.pid ?? 0, server: side.server };
  const cpu0 = (await side.bridge?.usage())?.cpuUs ?? 0;
  const before = { agent: switchesOf(pids.agent), bridge: switchesOf(pids.bridge), server: switchesOf(pids.server) };
  const p50 = await sequentialP50(side.name, side.echo, calls);
  const after = { agent: switchesOf(pids.agent), bridge: switchesOf(pids.bridge), server: switchesOf(pids.server) };
  const cpu1 = (await side.bridge?.usage())?.cpuUs ?? 0;
  return {
    p50,
    cpu: (cpu1 - cpu0) / calls,
    switches: {
      agent: switchesPerCall(before.agent, after.agent, calls),
      bridge: switchesPerCall(before.bridge, after.bridge, calls),
      server: switchesPerCall(before.server, after.server, calls),
    },
  };
}

/** The server a bridge process started: its one child. */
function serverOf(pid: number): number {
  const child = processTree(pid)[1];
  if (child === undefined) throw new Error(`the bridge process ${pid} has no server process`);
  return child;
}

const everything = { command: process.execPath, args: [EVERYTHING, 'stdio'] };
const stops: Array<() => Promise<unknown>> = [];
const sides: Side[] = [];
try {
  const direct = new Client({ name: 'wakeups-ab', version: '1' });
  const stdio = new StdioClientTransport({ ...everything, stderr: 'ignore' });
  await direct.connect(stdio);
  stops.push(() => direct.close());
  sides.push({
    name: 'direct',
    server: stdio.pid ?? 0,
    echo: async (message) => {
      const result = await direct.callTool({ name: 'echo', arguments: { message } });
      return (result['content'] as Array<{ text?: string }> | undefined)?.[0]?.text;
    },
  });
  for (const [name, tree] of [['before', BEFORE], ['after', AFTER]] as const) {
    const bridge = await startBenchProcess(join(tree, 'test/fixtures/bridge/bridge-process.ts'), { BRIDGE_SERVERS: JSON.stringify({ everything }) });
    stops.push(() => bridge.stop());
    const session = await LeanClient.connect(bridge.url, bridge.token);
    const modern = LeanClient.modern(bridge.url, bridge.token);
    stops.push(() => session.close(), () => modern.close());
    const server = serverOf(bridge.pid);
    sides.push({ name: `${name} session`, bridge, server, echo: (message) => session.callTool('everything__echo', { message }) });
    sides.push({ name: `${name} 2026`, bridge, server, echo: (message) => modern.callTool('everything__echo', { message }) });
  }
  for (const side of sides) await measure(side, WARMUP);
  console.log(`load at the start: ${load()}`);
  const rows = new Map<string, Figures[]>(sides.map((side) => [side.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    const figures = new Map<string, Figures>();
    for (const side of order) figures.set(side.name, await measure(side, CALLS));
    console.log(`round ${round} (load ${load()}):`);
    for (const side of sides) {
      const f = figures.get(side.name);
      if (f === undefined) continue;
      rows.get(side.name)?.push(f);
      const parts = (['agent', 'bridge', 'server'] as const).map((p) => `${p} ${describeSwitches(f.switches[p])}`);
      console.log(`  ${side.name}: p50 ${f.p50.toFixed(3)} ms, bridge CPU ${f.cpu.toFixed(0)} µs; switches per call (vol/invol) ${parts.join(' | ')}`);
    }
  }
  console.log(`load at the end: ${load()}`);
  const directP50 = rows.get('direct') ?? [];
  for (const side of sides) {
    const f = rows.get(side.name) ?? [];
    const added = f.map((x, i) => x.p50 - (directP50[i]?.p50 ?? Number.NaN));
    const per = (p: 'agent' | 'bridge' | 'server'): string => median(f.map((x) => totalOf(x.switches[p]))).toFixed(2);
    const workers = median(f.map((x) => {
      const w = x.switches.bridge.get('node-threads');
      return w ? w.voluntary + w.involuntary : 0;
    })).toFixed(3);
    console.log(
      `${side.name}: p50 ${median(f.map((x) => x.p50)).toFixed(3)} ms, added ${median(added).toFixed(3)} ms, bridge CPU ${median(f.map((x) => x.cpu)).toFixed(1)} µs, ` +
        `switches per call: agent ${per('agent')}, bridge ${per('bridge')} (its threads other than the main one ${workers}), server ${per('server')} (medians of ${ROUNDS})`,
    );
  }
  for (const era of ['session', '2026']) {
    const before = rows.get(`before ${era}`) ?? [];
    const diffs = (rows.get(`after ${era}`) ?? []).map((x, i) => x.p50 - (before[i]?.p50 ?? Number.NaN));
    console.log(`${era}: after − before p50, paired by round: ${median(diffs).toFixed(3)} ms`);
  }
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
}
