import type { ChildProcess } from 'node:child_process';
import { stillRunning, type ProcStat } from './proc-stat';
import { groupAlive, signalGroup } from './process-group';
import type { RunWatch } from './run-watch';

const POLL_MS = 25;
/** Rounds of SIGKILL for what the survivors start while being killed (a fork loop); each round reads /proc afresh. */
const KILL_ROUNDS = 5;

function delay(ms: number): Promise<void> {
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

/**
 * Ends a child and everything of its run: SIGTERM to its process group and to what the watch finds
 * outside it (Linux: left the group or session, cleared its environment), SIGKILL to whatever still
 * runs after `graceMs`, repeated for what they started meanwhile. Each pid is signalled just after
 * /proc showed it with the start time recorded, so a reused pid is not. Resolves true if it had to SIGKILL.
 */
export async function endRun(child: ChildProcess, watch: RunWatch | undefined, graceMs: number, platform: NodeJS.Platform): Promise<boolean> {
  // Read before the group's SIGTERM: the links of what left the group die with its parents.
  let outside = watch?.survivors() ?? [];
  signalGroup(child, 'SIGTERM', platform);
  signalEach(outside, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  const anyLeft = (): boolean => groupAlive(child, platform) || outside.some((stat) => stillRunning(stat));
  while (anyLeft() && Date.now() < deadline) await delay(POLL_MS);
  outside = watch?.survivors() ?? [];
  if (!groupAlive(child, platform) && outside.length === 0) return false;
  signalGroup(child, 'SIGKILL', platform);
  for (let round = 0; round < KILL_ROUNDS && outside.length > 0; round++) {
    signalEach(outside, 'SIGKILL');
    await delay(POLL_MS);
    outside = watch?.survivors() ?? [];
  }
  return true;
}
