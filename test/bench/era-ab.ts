/**
 * Two versions of the bridge's code measured against each other in one run (docs/bridge.md §Speed of
 * the two eras): a bridge process of each tree, each with a session and a 2026-07-28 lean client,
 * rounds of `echo` calls at concurrency 16 alternating between them, so load that comes and goes hits
 * both alike. Prints each round and the medians: CPU and garbage collection per call of each era in
 * each process, and each process's cpu-2026 ratio.
 *
 * Run: `git archive <commit> | tar -x -C /tmp/before && ln -s "$PWD/node_modules" /tmp/before/`, then
 * `AB_BEFORE=/tmp/before node --import tsx test/bench/era-ab.ts`. AB_AFTER (default this tree),
 * AB_ROUNDS (11), AB_CALLS (5000), AB_WARMUP (10000).
 */
import { join } from 'node:path';
import { EVERYTHING, ROOT } from '../fixtures/servers/config';
import { load, median } from './ab-figures';
import { startBenchProcess, type BenchProcess } from './bench-process';
import { LeanClient } from './lean-client';

const BEFORE = process.env['AB_BEFORE'];
if (BEFORE === undefined) throw new Error('AB_BEFORE: the tree of the code to compare against (see the header of era-ab.ts)');
const AFTER = process.env['AB_AFTER'] ?? ROOT;
const ROUNDS = Number(process.env['AB_ROUNDS'] ?? 11);
const CALLS = Number(process.env['AB_CALLS'] ?? 5000);
const WARMUP = Number(process.env['AB_WARMUP'] ?? 10000);
const CONCURRENCY = 16;

type Era = 'session' | 'modern';
interface Side {
  name: string;
  bridge: BenchProcess;
  clients: Record<Era, LeanClient>;
}
interface Figures {
  cpu: number;
  gc: number;
}

async function measure(side: Side, era: Era, calls: number): Promise<Figures> {
  const before = await side.bridge.usage();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < calls) {
      const i = next++;
      const text = await side.clients[era].callTool('everything__echo', { message: `m${i}` });
      if (text !== `Echo: m${i}`) throw new Error(`${side.name} ${era}: call ${i} answered ${String(text)}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const after = await side.bridge.usage();
  return { cpu: (after.cpuUs - before.cpuUs) / calls, gc: ((after.gcUs ?? 0) - (before.gcUs ?? 0)) / calls };
}

const everything = { command: process.execPath, args: [EVERYTHING, 'stdio'] };
const sides: Side[] = [];
for (const [name, tree] of [['before', BEFORE], ['after', AFTER]] as const) {
  const bridge = await startBenchProcess(join(tree, 'test/fixtures/bridge/bridge-process.ts'), { BRIDGE_SERVERS: JSON.stringify({ everything }) });
  sides.push({ name, bridge, clients: { session: await LeanClient.connect(bridge.url, bridge.token), modern: LeanClient.modern(bridge.url, bridge.token) } });
}
try {
  for (const side of sides) for (const era of ['session', 'modern'] as const) await measure(side, era, WARMUP);
  console.log(`load at the start: ${load()}`);
  const rows = new Map<string, Figures[]>();
  for (let round = 0; round < ROUNDS; round++) {
    // Each round the other process goes first.
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    const line: string[] = [];
    for (const side of order) {
      for (const era of ['session', 'modern'] as const) {
        const figures = await measure(side, era, CALLS);
        const key = `${side.name} ${era}`;
        rows.set(key, [...(rows.get(key) ?? []), figures]);
        line.push(`${key} ${figures.cpu.toFixed(0)}/${figures.gc.toFixed(0)}`);
      }
    }
    console.log(`round ${round}: ${line.join('  ')} (CPU/GC µs per call)`);
  }
  console.log(`load at the end: ${load()}`);
  for (const [key, figures] of rows) console.log(`${key}: CPU ${median(figures.map((f) => f.cpu)).toFixed(1)} µs, GC ${median(figures.map((f) => f.gc)).toFixed(1)} µs per call (medians)`);
  for (const side of sides) {
    const session = rows.get(`${side.name} session`) ?? [];
    const ratios = (rows.get(`${side.name} modern`) ?? []).map((f, i) => f.cpu / (session[i]?.cpu ?? Number.NaN));
    console.log(`${side.name}: cpu-2026 ${median(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`);
  }
} finally {
  for (const side of sides) {
    await side.clients.session.close();
    await side.clients.modern.close();
    await side.bridge.stop();
  }
}
