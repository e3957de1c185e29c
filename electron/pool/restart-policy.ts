import type { RestartPolicy } from './types';

export const DEFAULT_RESTART_POLICY: Readonly<RestartPolicy> = {
  baseDelayMs: 250,
  maxDelayMs: 10_000,
  maxCrashes: 3,
  windowMs: 60_000,
};

export function resolveRestartPolicy(partial: Partial<RestartPolicy> | undefined): RestartPolicy {
  return { ...DEFAULT_RESTART_POLICY, ...partial };
}

/** Crash times still inside the window ending at `now`. */
export function recentCrashes(times: readonly number[], now: number, windowMs: number): number[] {
  return times.filter((t) => now - t < windowMs);
}

export type RestartDecision = { restart: true; delayMs: number } | { restart: false };

/**
 * What to do after a crash, given the crashes inside the window (this one included):
 * give up at `maxCrashes`, else wait base·2^(n-1), capped.
 */
export function decideRestart(crashesInWindow: number, policy: RestartPolicy): RestartDecision {
  if (crashesInWindow >= policy.maxCrashes) return { restart: false };
  const exponent = Math.max(0, crashesInWindow - 1);
  const delayMs = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
  return { restart: true, delayMs };
}
