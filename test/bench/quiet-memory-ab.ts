/**
 * Two builds of `serve` against each other on the bench's `memory-idle` row (memory.ts): in each
 * round, each build's `serve` alone, then 4 agents calling each of 10 servers, then one idle period
 * later (servers stopped), the two builds alternating so load that comes and goes hits both alike.
 * Prints each round and the medians: serve alone, after the agents went quiet, the ratio, and the
 * tree 2 s later ("settled"): on a loaded machine the servers' stop, and the collection after it,
 * can land after the row's figure, which then shows the busy young generation rather than the build.
 *
 * Run: `git archive <commit> | tar -x -C /tmp/before && ln -s "$PWD/node_modules" /tmp/before/ &&
 * (cd /tmp/before && npm run build)`, then `AB_BEFORE=/tmp/before node --import tsx
 * test/bench/quiet-memory-ab.ts`. AB_AFTER (default this tree, built), AB_ROUNDS (7).
 */
import { join } from 'node:path';
import { ROOT } from '../fixtures/servers/config';
import { load, median } from './ab-figures';
import { memoryHome, throughBridge, type BridgeSample, type MemoryOptions } from './memory';

const BEFORE = process.env['AB_BEFORE'];
if (BEFORE === undefined) throw new Error('AB_BEFORE: the tree of the build to compare against (see the header of quiet-memory-ab.ts)');
const AFTER = process.env['AB_AFTER'] ?? ROOT;
const ROUNDS = Number(process.env['AB_ROUNDS'] ?? 7);
// The bench's own figures (run.ts, the `memory` step).
const OPTIONS: MemoryOptions = { agents: 4, servers: 10, rounds: 1, settleMs: 1000, idleMs: 3000, settledMs: 2000 };

const bench = memoryHome(OPTIONS);
const sides = [
  { name: 'before', cli: join(BEFORE, 'bin', 'connected-services.mjs'), samples: [] as BridgeSample[] },
  { name: 'after', cli: join(AFTER, 'bin', 'connected-services.mjs'), samples: [] as BridgeSample[] },
];
const line = (s: BridgeSample): string =>
  `alone ${s.aloneMb.toFixed(1)} MB  quiet ${s.quietMb.toFixed(1)} MB (${s.quietChildren} servers running)  ${(s.quietMb / s.aloneMb).toFixed(3)}x  settled ${(s.settledMb ?? NaN).toFixed(1)} MB`;
console.log(`load at the start: ${load()}`);
for (let round = 0; round < ROUNDS; round++) {
  // Which side goes first alternates too: a round's second process starts on a warmer machine.
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    const sample = await throughBridge(bench, OPTIONS, side.cli);
    side.samples.push(sample);
    console.log(`round ${round + 1} ${side.name.padEnd(6)} ${line(sample)}  load ${load()}`);
  }
}
for (const side of sides) {
  const s = side.samples;
  console.log(
    `${side.name.padEnd(6)} median of ${s.length}: alone ${median(s.map((x) => x.aloneMb)).toFixed(1)} MB, quiet ${median(s.map((x) => x.quietMb)).toFixed(1)} MB, ` +
      `serve's own ${median(s.map((x) => x.quietSelfMb)).toFixed(1)} MB, ratio ${median(s.map((x) => x.quietMb / x.aloneMb)).toFixed(3)}x, ` +
      `settled ${median(s.map((x) => x.settledMb ?? NaN)).toFixed(1)} MB (${median(s.map((x) => (x.settledMb ?? NaN) / x.aloneMb)).toFixed(3)}x)`,
  );
}
console.log(`load at the end: ${load()}`);
