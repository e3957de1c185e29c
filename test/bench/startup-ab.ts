/**
 * Two trees' `serve` start-up measured against each other in one run, as startup.ts measures one:
 * rounds alternating a bare Node HTTP server, the tree before and the tree after (their order swapped
 * every round), each spawned on the same data folder (50 servers, inventories cached, none spawned).
 * Prints each round and the medians: spawn → health and → the full tools listing (wall, ms), the CPU
 * the process had used by each, and health as a multiple of the bare server's.
 *
 * Run: `git archive <commit> | tar -x -C /tmp/before && ln -s "$PWD/node_modules" /tmp/before/` and
 * build it (`cp -r dist /tmp/before/` of that commit's build), then
 * `AB_BEFORE=/tmp/before node --import tsx test/bench/startup-ab.ts`. AB_AFTER (default this tree),
 * AB_ROUNDS (15), AB_SERVERS (50).
 */
import { join } from 'node:path';
import { ROOT } from '../fixtures/servers/config';
import { load, median } from './ab-figures';
import { homeWithServers } from './serve-process';
import { measureBaseline, measureServe, type StartupSample } from './startup';

const BEFORE = process.env['AB_BEFORE'];
if (BEFORE === undefined) throw new Error('AB_BEFORE: the tree of the code to compare against (see the header of startup-ab.ts)');
const AFTER = process.env['AB_AFTER'] ?? ROOT;
const ROUNDS = Number(process.env['AB_ROUNDS'] ?? 15);
const SERVERS = Number(process.env['AB_SERVERS'] ?? 50);

const cliOf = (tree: string): string => join(tree, 'bin', 'connected-services.mjs');
const sides = [
  { name: 'before', cli: cliOf(BEFORE), samples: [] as StartupSample[] },
  { name: 'after', cli: cliOf(AFTER), samples: [] as StartupSample[] },
];
const bare: StartupSample[] = [];
const { home } = homeWithServers(SERVERS);
const f = (n: number): string => n.toFixed(0).padStart(5);

console.log(`load at start ${load()}; ${SERVERS} servers; ${ROUNDS} rounds; before ${BEFORE}, after ${AFTER}`);
// One untimed start of each first: the first listing pins every server's tools (a write per server).
for (const side of sides) await measureServe(home, 0, side.cli);
for (let round = 0; round < ROUNDS; round++) {
  bare.push(await measureBaseline(0));
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    const sample = await measureServe(home, 0, side.cli);
    side.samples.push(sample);
    const base = bare[bare.length - 1]?.healthMs ?? NaN;
    console.log(`round ${String(round + 1).padStart(2)} ${side.name.padEnd(6)} health ${f(sample.healthMs)} ms (${(sample.healthMs / base).toFixed(2)}x bare ${f(base)}) tools ${f(sample.toolsMs ?? NaN)} ms (${sample.tools}) cpu ${f(sample.cpuMs)} / ${f(sample.toolsCpuMs)} ms`);
  }
}
const bareHealth = median(bare.map((s) => s.healthMs));
console.log(`\nmedians (load at end ${load()}); bare Node server to health ${bareHealth.toFixed(0)} ms, cpu ${median(bare.map((s) => s.cpuMs)).toFixed(0)} ms`);
for (const side of sides) {
  const s = side.samples;
  const ratio = median(s.map((x, i) => x.healthMs / (bare[i]?.healthMs ?? NaN)));
  console.log(
    `${side.name.padEnd(6)} health ${f(median(s.map((x) => x.healthMs)))} ms (${ratio.toFixed(2)}x bare, per-round ratio) tools ${f(median(s.map((x) => x.toolsMs ?? NaN)))} ms; cpu at health ${f(median(s.map((x) => x.cpuMs)))} ms, at listing ${f(median(s.map((x) => x.toolsCpuMs)))} ms`,
  );
}
