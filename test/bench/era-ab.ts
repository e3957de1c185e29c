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
import { ROOT } from '../fixtures/servers/config';
import { abSettings, median } from './ab-figures';
import { abRounds, closeAbSides, concurrently, startAbSides, type AbSide } from './ab-sides';

const settings = abSettings('era-ab.ts', ROOT, { rounds: 11, calls: 5000, warmup: 10000 });
const ERAS = ['session', 'modern'] as const;
type Era = (typeof ERAS)[number];
interface Figures {
  cpu: number;
  gc: number;
}

async function measure(side: AbSide, era: Era, calls: number): Promise<Figures> {
  const before = await side.bridge.usage();
  await concurrently(calls, async (i) => {
    const text = await side[era].callTool('everything__echo', { message: `m${i}` });
    if (text !== `Echo: m${i}`) throw new Error(`${side.name} ${era}: call ${i} answered ${String(text)}`);
  });
  const after = await side.bridge.usage();
  return { cpu: (after.cpuUs - before.cpuUs) / calls, gc: ((after.gcUs ?? 0) - (before.gcUs ?? 0)) / calls };
}

const sides = await startAbSides([['before', settings.before], ['after', settings.after]]);
try {
  const rows = await abRounds(sides, ERAS, settings, measure, (f) => `${f.cpu.toFixed(0)}/${f.gc.toFixed(0)}`, 'CPU/GC µs per call');
  for (const [key, figures] of rows) console.log(`${key}: CPU ${median(figures.map((f) => f.cpu)).toFixed(1)} µs, GC ${median(figures.map((f) => f.gc)).toFixed(1)} µs per call (medians)`);
  for (const side of sides) {
    const session = rows.get(`${side.name} session`) ?? [];
    const ratios = (rows.get(`${side.name} modern`) ?? []).map((f, i) => f.cpu / (session[i]?.cpu ?? Number.NaN));
    console.log(`${side.name}: cpu-2026 ${median(ratios).toFixed(2)}x (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`);
  }
} finally {
  await closeAbSides(sides);
}
