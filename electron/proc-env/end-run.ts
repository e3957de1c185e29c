import type { ChildProcess } from 'node:child_process';
import type { ProcStat } from './proc-stat';
import { inBatches, statOf } from './proc-scan';
import { groupAlive, signalGroup, type TreeKill } from './process-group';
import type { DaemonRule } from './run-watch';

const POLL_MS = 25;
/** Rounds of SIGSTOP for what the survivors started before being stopped (a fork loop); each round reads /proc afresh. */
export const KILL_ROUNDS = 5;
/** The SIGSTOP rounds end by this, however many are left: a run forking in a loop cannot hold up its stop. */
export const KILL_PHASE_MS = 2000;

/** What endRun asks of a RunWatch. */
export interface RunSurvivors {
  survivors(daemons: DaemonRule): Promise<ProcStat[]>;
  close(): void;
}

export interface EndRunOptions {
  /** SIGTERM → SIGKILL; 0: SIGKILL at once (a store's program that hangs has nothing to save). */
  graceMs: number;
  platform: NodeJS.Platform;
  /** What happens to the run's daemons (run-watch.ts). */
  daemons: DaemonRule;
  /** A seam for tests; default setTimeout. */
  delay?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Windows: how taskkill is run (a seam for tests); used when daemons end, as /T cannot tell them apart. */
  treeKill?: TreeKill | undefined;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function signalEach(stats: readonly ProcStat[], signal: NodeJS.Signals): void {
  for (const stat of stats) {
    try {
      process.kill(stat.pid, signal);
    } catch {
      // gone since it was read
    }
  }
}

async function anyRunning(stats: readonly ProcStat[]): Promise<boolean> {
  const now = await inBatches(stats, (stat) => statOf(stat.pid));
  return now.some((read, at) => read !== undefined && read.start === stats[at]?.start && read.state !== 'Z' && read.state !== 'X');
}

/**
 * Ends a child and everything provably of its run (one rule for stdio servers and store programs):
 * SIGTERM to its process group and to what the watch finds outside it (Linux: left the group or
 * session, cleared its environment); after `graceMs` SIGSTOP to whatever still runs, repeated for
 * what they started meanwhile (KILL_ROUNDS times and KILL_PHASE_MS at most), then SIGKILL to all of
 * it. /proc is read without blocking the event loop. Each pid is signalled just after /proc showed it
 * with the start time recorded (and a stopped process cannot end), so a reused pid is not. Without `child` (a run of an earlier process) only what the watch
 * finds. Resolves true if it had to SIGKILL.
 */
export async function endRun(child: ChildProcess | undefined, watch: RunSurvivors | undefined, options: EndRunOptions): Promise<boolean> {
  const { platform, daemons } = options;
  const tree = daemons === 'end' ? (options.treeKill ?? {}) : undefined;
  const group = (signal: NodeJS.Signals): void => {
    if (child !== undefined) signalGroup(child, signal, platform, tree);
  };
  const groupLeft = (): boolean => child !== undefined && groupAlive(child, platform);
  const delay = options.delay ?? wait;
  const now = options.now ?? Date.now;
  // From here /proc is read whole at each step; the periodic look would only race it.
  watch?.close();
  // No grace: the group is killed in this turn, before any wait, so a process that exits meanwhile
  // (a one-shot command printing the timeout) leaves none of it running or stopped. What left the group
  // is still found after: by its mark and the links the watch already holds.
  if (options.graceMs <= 0) group('SIGKILL');
  // Read before the group's signal: the links of what left the group die with its parents. Without a
  // watch the group is signalled in this turn.
  let outside = watch === undefined ? [] : await watch.survivors(daemons);
  if (options.graceMs > 0) {
    group('SIGTERM');
    signalEach(outside, 'SIGTERM');
    const graceEnd = now() + options.graceMs;
    const anyLeft = async (): Promise<boolean> => groupLeft() || (await anyRunning(outside));
    while (now() < graceEnd && (await anyLeft())) await delay(POLL_MS);
    outside = (await watch?.survivors(daemons)) ?? [];
    if (!groupLeft() && outside.length === 0) return false;
  }
  // Stopped first, so that nothing of the run forks or exits between the looks: every child found
  // then still has its stopped parent, so the link is read; then all are killed at once.
  const freeze = platform !== 'win32';
  if (freeze) group('SIGSTOP');
  const found = new Map<number, ProcStat>();
  const killEnd = now() + KILL_PHASE_MS;
  try {
    for (let round = 0; round < KILL_ROUNDS && now() < killEnd; round++) {
      const fresh = outside.filter((stat) => found.get(stat.pid)?.start !== stat.start);
      if (fresh.length === 0) break;
      for (const stat of fresh) found.set(stat.pid, stat);
      if (!freeze) break;
      signalEach(fresh, 'SIGSTOP');
      await delay(0);
      outside = (await watch?.survivors(daemons)) ?? [];
    }
    for (const stat of outside) found.set(stat.pid, stat);
  } finally {
    // Whatever happened meanwhile, nothing is left stopped.
    group('SIGKILL');
    signalEach([...found.values()], 'SIGKILL');
  }
  return true;
}
