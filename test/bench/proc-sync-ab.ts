/**
 * CPU of the /proc reads at a core's start, at its stdio spawns and at the leftover sweep, one tree
 * against another in interleaved rounds (their order swapped every round), each round a fresh process.
 * What a round measures (user + system of that process, process.cpuUsage, not wall time):
 * - `core`: createCore on a fresh data folder and its close (no server spawned);
 * - `spawns`: 20 detached children spawned as the pool spawns a stdio server, each watched
 *   (RunWatch.of in its spawn's turn) and recorded in the data folder's run ledger, then ended;
 * - `sweep`: stopLeftoverRuns over 200 records of another app process that still runs (this bench's),
 *   each judged by its owner's pid, start and boot, and left as it is; with the longest CPU stretch
 *   between two turns of the event loop during it.
 *
 * Run: `git archive <commit> | tar -x -C /tmp/before && ln -s "$PWD/node_modules" /tmp/before/`, then
 * `AB_BEFORE=/tmp/before node --import tsx test/bench/proc-sync-ab.ts`. AB_AFTER (default this tree), AB_ROUNDS (9).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../fixtures/servers/config';
import { load, median } from './ab-figures';

const SPAWNS = 20;
const RECORDS = 200;
type Part = 'core' | 'spawns' | 'sweep';
const PARTS: Part[] = ['core', 'spawns', 'sweep'];

interface Pool {
  RunLedger: new (dir: string) => { record(name: string, mark: string, members: { pid: number; start: string }[]): Promise<void>; end(mark: string): Promise<void> };
}
interface Leftovers {
  stopLeftoverRuns(dir: string, graceMs: number, log: (line: string) => void): Promise<void>;
}
interface ProcEnv {
  RunWatch: { of(pid: number, mark: string): { members(): { pid: number; start: string }[]; close(): void } | undefined };
  newRunMark(): string;
}
interface App {
  createCore(options: { dataDir: string; demo: boolean; vaultProvider: 'memory' }): Promise<{ close(): Promise<void> }>;
}

async function child(tree: string, part: Part, work: string): Promise<void> {
  const pool = (await import(join(tree, 'electron/pool/index.ts'))) as Pool;
  const procEnv = (await import(join(tree, 'electron/proc-env/index.ts'))) as ProcEnv;
  const app = (await import(join(tree, 'electron/app/index.ts'))) as App;
  const leftovers = (await import(join(tree, 'electron/pool/leftover-runs.ts'))) as Leftovers;
  const runs = join(work, 'runs');
  let cpu = { user: 0, system: 0 };
  let longest = 0;
  if (part === 'core') {
    const before = process.cpuUsage();
    const core = await app.createCore({ dataDir: join(work, 'home'), demo: false, vaultProvider: 'memory' });
    await core.close();
    cpu = process.cpuUsage(before);
  } else if (part === 'spawns') {
    const ledger = new pool.RunLedger(runs);
    const before = process.cpuUsage();
    const ran = [];
    for (let i = 0; i < SPAWNS; i++) {
      const sleeper = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
      const mark = procEnv.newRunMark();
      const watch = procEnv.RunWatch.of(sleeper.pid ?? -1, mark);
      ran.push({ sleeper, mark, watch, recorded: watch === undefined ? Promise.resolve() : ledger.record(`s${i}`, mark, watch.members()) });
    }
    for (const { sleeper, mark, watch, recorded } of ran) {
      await recorded;
      watch?.close();
      sleeper.kill('SIGKILL');
      await ledger.end(mark);
    }
    cpu = process.cpuUsage(before);
  } else {
    // The longest stretch of CPU between two turns of the event loop: what the sweep holds it for.
    let last = process.cpuUsage();
    let running = true;
    const turn = (): void => {
      const spent = process.cpuUsage(last);
      last = process.cpuUsage();
      longest = Math.max(longest, (spent.user + spent.system) / 1000);
      if (running) setImmediate(turn);
    };
    setImmediate(turn);
    const before = process.cpuUsage();
    await leftovers.stopLeftoverRuns(runs, 0, () => undefined);
    cpu = process.cpuUsage(before);
    running = false;
  }
  process.stdout.write(`${JSON.stringify({ cpuMs: (cpu.user + cpu.system) / 1000, longestMs: longest })}\n`);
  process.exit(0);
}

/** RECORDS records whose owner is this (live) bench process, as another window of the app leaves them. */
function sweepFolder(work: string): void {
  const runs = join(work, 'runs');
  mkdirSync(runs, { recursive: true, mode: 0o700 });
  const stat = spawnSync('cat', [`/proc/${process.pid}/stat`], { encoding: 'latin1' }).stdout;
  const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '0';
  const boot = spawnSync('cat', ['/proc/sys/kernel/random/boot_id'], { encoding: 'latin1' }).stdout.trim();
  const owner = { v: 1, pid: process.pid, host: (spawnSync('hostname', { encoding: 'latin1' }).stdout || '').trim(), nonce: 'bench-owner-0000', boot, start, since: new Date().toISOString() };
  for (let i = 0; i < RECORDS; i++) {
    const mark = i.toString(16).padStart(32, '0');
    writeFileSync(join(runs, `${mark}.json`), JSON.stringify({ v: 1, server: `s${i}`, mark, owner, members: [{ pid: 4_300_000, start: '1' }] }));
  }
}

function measure(tree: string, part: Part): Promise<{ cpuMs: number; longestMs: number }> {
  const work = mkdtempSync(join(tmpdir(), 'proc-sync-ab-'));
  if (part === 'sweep') sweepFolder(work);
  const bench = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    const run = spawn(process.execPath, ['--import', 'tsx', bench, 'child', tree, part, work], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    run.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    run.once('exit', () => {
      rmSync(work, { recursive: true, force: true });
      try {
        resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as { cpuMs: number; longestMs: number });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

const [mode, tree = '', part = 'core', work = ''] = process.argv.slice(2);
if (mode === 'child') {
  await child(tree, part as Part, work);
} else {
  const BEFORE = process.env['AB_BEFORE'];
  if (BEFORE === undefined) throw new Error('AB_BEFORE: the tree to compare against (see the header of proc-sync-ab.ts)');
  const AFTER = process.env['AB_AFTER'] ?? ROOT;
  const ROUNDS = Number(process.env['AB_ROUNDS'] ?? 9);
  const sides = [
    { name: 'before', tree: BEFORE, samples: new Map<Part, number[]>(PARTS.map((p) => [p, []])), turns: [] as number[] },
    { name: 'after', tree: AFTER, samples: new Map<Part, number[]>(PARTS.map((p) => [p, []])), turns: [] as number[] },
  ];
  console.log(`load at start ${load()}; ${ROUNDS} rounds; before ${BEFORE}, after ${AFTER}`);
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const line: string[] = [];
      for (const p of PARTS) {
        const { cpuMs, longestMs } = await measure(side.tree, p);
        side.samples.get(p)?.push(cpuMs);
        line.push(`${p} ${cpuMs.toFixed(1)} ms`);
        if (p === 'sweep') {
          side.turns.push(longestMs);
          line.push(`its longest turn ${longestMs.toFixed(1)} ms`);
        }
      }
      console.log(`round ${String(round + 1).padStart(2)} ${side.name.padEnd(6)} ${line.join(', ')}`);
    }
  }
  console.log(`\nmedians of CPU (user+sys), load at end ${load()}`);
  for (const side of sides) {
    console.log(`${side.name.padEnd(6)} ${PARTS.map((p) => `${p} ${median(side.samples.get(p) ?? []).toFixed(1)} ms`).join(', ')}; the sweep's longest turn ${median(side.turns).toFixed(1)} ms`);
  }
}
