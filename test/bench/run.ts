/**
 * `npm run bench`: every figure against its baseline measured in the same run, as a spread over
 * rounds, with its ratio and target. Exit code: 2 when a step failed, else 1 when a target was
 * missed, else 0. `--quick` (CI): a few hundred calls, one round, targets printed but not enforced.
 * `--only KEY,…` runs the steps named (bridge, agent-start, memory, startup, refresh, cli, search, search-mode, ui, ui-registry).
 * `--write` (a full run only) writes the summary, with the machine and the date, into docs/benchmarks.md.
 */
import { loadavg } from 'node:os';
import { benchAgentStartup } from './agent-startup';
import { benchBridge } from './bridge';
import { benchCommands } from './commands';
import { benchMemory } from './memory';
import { benchRefreshStorm } from './refresh-storm';
import { exitCode, failLines, missed, pickSteps, runSteps, summaryLines, type Step } from './report';
import { benchStartup } from './startup';
import { benchUi } from './ui';
import { benchListFound } from './list-found';
import { benchToolModeBound } from './tool-mode-bound';
import { benchToolSearch } from './tool-search';
import { benchSearchMode } from './tool-search-bridge';
import { benchUiRegistry } from './ui-registry';
import { thisMachine, writeBenchmarksPage, writeRefusal } from './write-page';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '').split(',').filter((name) => name !== '') : undefined;
const write = args.includes('--write');
const refusal = writeRefusal(args);
if (refusal !== undefined) {
  console.error(refusal);
  process.exit(2);
}

const steps: Step[] = [
  {
    name: 'bridge',
    run: () =>
      benchBridge(quick ? { calls: 200, sequentialCalls: 50, warmup: 50, rounds: 1, sessions: 8 } : { calls: 2_000, sequentialCalls: 500, warmup: 10_000, rounds: 21, sessions: 64 }),
  },
  { name: 'agent-start', run: () => benchAgentStartup(quick ? { servers: 5, rounds: 1 } : { servers: 20, rounds: 9 }) },
  {
    name: 'memory',
    run: () =>
      benchMemory(quick ? { agents: 2, servers: 3, rounds: 1, settleMs: 300, idleMs: 800 } : { agents: 4, servers: 10, rounds: 3, settleMs: 1000, idleMs: 3000 }),
  },
  {
    name: 'startup',
    run: () => benchStartup(quick ? { rounds: 1, startRounds: 1, startServers: 50, idleServers: 20, settleMs: 500 } : { rounds: 5, startRounds: 11, startServers: 50, idleServers: 20, settleMs: 2000 }),
  },
  { name: 'refresh', run: () => benchRefreshStorm({ calls: 200, rounds: quick ? 1 : 5 }) },
  { name: 'cli', run: () => Promise.resolve(benchCommands({ rounds: quick ? 3 : 15 })) },
  // With listFound (found tools joining the listing) against search mode without it, on the same set; and what auto's bound is chosen on.
  { name: 'search', run: () => Promise.resolve([...benchToolSearch({ rounds: quick ? 1 : 5 }), ...benchListFound(), ...benchToolModeBound({ draws: quick ? 5 : 30 })]) },
  // Chromium and 1,000 services (35,000 registry entries); 1,000 tools behind a real serve and 20 spawned servers: the full run only.
  ...(quick
    ? []
    : [
        { name: 'ui', run: () => benchUi() },
        { name: 'ui-registry', run: () => benchUiRegistry() },
        { name: 'search-mode', run: () => benchSearchMode({ rounds: 9, servers: 20 }) },
      ]),
];

let chosen: Step[];
try {
  chosen = pickSteps(steps, only);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}

const load = (): string => loadavg().map((n) => n.toFixed(2)).join(' ');
const loadStart = load();
console.log(`bench ${quick ? '--quick (one round, targets not enforced)' : '(full)'}; load average at start: ${loadStart}`);
const started = performance.now();
const { rows, failures } = await runSteps(
  chosen,
  (line) => console.log(line),
  quick ? undefined : () => new Promise((resolve) => setTimeout(resolve, 3000)),
);

console.log(`\nsummary (${((performance.now() - started) / 1000).toFixed(0)} s; load average at end: ${load()}):`);
for (const line of summaryLines(rows, !quick)) console.log(line);
const misses = missed(rows);
if (failures.length > 0) console.log(`\n${failures.length} step(s) failed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
else if (misses.length > 0) {
  console.log(`\n${misses.length} target(s) missed${quick ? ' (not enforced with --quick)' : ''}: ${misses.map((r) => r.key).join(', ')}`);
  for (const line of failLines(misses)) console.log(line);
}
if (write && failures.length > 0) console.log('\ndocs/benchmarks.md not written: a step failed, so this run is no run of record');
else if (write) {
  const seconds = (performance.now() - started) / 1000;
  writeBenchmarksPage(rows, { date: new Date(), machine: thisMachine(), seconds, loadStart, loadEnd: load() });
  console.log('\nwrote the summary into docs/benchmarks.md');
}
// Exit at once: handles of the SDK's clients or the auth fixture may linger, and the verdict is in.
process.exit(exitCode(rows, failures, !quick));
