import type { ChildProcess } from 'node:child_process';
import type { ProcStat } from './proc-stat';
import { inBatches, statOf } from './proc-scan';
import { groupAlive, signalGroup } from './process-group';
import type { DaemonRule } from './run-watch';

const POLL_MS = 25;
/** Rounds of SIGKILL for what the survivors start while being killed (a fork loop); each round reads /proc afresh. */
export const KILL_ROUNDS = 5;
/** The SIGKILL rounds end by this, however many are left: a run forking in a loop cannot hold up its stop. */
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
 * session, cleared its environment), SIGKILL to whatever still runs after `graceMs`, repeated for
 * what they started meanwhile, KILL_ROUNDS times and KILL_PHASE_MS at most. /proc is read without
 * blocking the event loop. Each pid is signalled just after /proc showed it with the start time
 * recorded, so a reused pid is not. Without `child` (a run of an earlier process) only what the watch
 * finds. Resolves true if it had to SIGKILL.
 */
export async function endRun(child: ChildProcess | undefined, watch: RunSurvivors | undefined, options: EndRunOptions): Promise<boolean> {
  const { platform, daemons } = options;
  const group = (signal: NodeJS.Signals): void => {
    if (child !== undefined) signalGroup(child, signal, platform);
  };
  const groupLeft = (): boolean => child !== undefined && groupAlive(child, platform);
  const delay = options.delay ?? wait;
  const now = options.now ?? Date.now;
  // From here /proc is read whole at each step; the periodic look would only race it.
  watch?.close();
  // Read before the group's signal: the links of what left the group die with its parents.
  let outside = (await watch?.survivors(daemons)) ?? [];
  if (options.graceMs > 0) {
    group('SIGTERM');
    signalEach(outside, 'SIGTERM');
    const graceEnd = now() + options.graceMs;
    const anyLeft = async (): Promise<boolean> => groupLeft() || (await anyRunning(outside));
    while (now() < graceEnd && (await anyLeft())) await delay(POLL_MS);
    outside = (await watch?.survivors(daemons)) ?? [];
    if (!groupLeft() && outside.length === 0) return false;
  }
  group('SIGKILL');
  const killEnd = now() + KILL_PHASE_MS;
  for (let round = 0; round < KILL_ROUNDS && outside.length > 0 && now() < killEnd; round++) {
    signalEach(outside, 'SIGKILL');
    await delay(POLL_MS);
    outside = (await watch?.survivors(daemons)) ?? [];
  }
  return true;
}
