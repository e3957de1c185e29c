import { describe, expect, it } from 'vitest';
import { DEFAULT_RESTART_POLICY, decideRestart, recentCrashes, resolveRestartPolicy } from './restart-policy';

describe('restart policy', () => {
  const policy = { baseDelayMs: 250, maxDelayMs: 1000, maxCrashes: 5, windowMs: 60_000 };

  it('doubles the delay per crash up to the cap', () => {
    expect([1, 2, 3, 4].map((n) => decideRestart(n, policy))).toEqual([
      { restart: true, delayMs: 250 },
      { restart: true, delayMs: 500 },
      { restart: true, delayMs: 1000 },
      { restart: true, delayMs: 1000 },
    ]);
  });

  it('gives up at maxCrashes within the window', () => {
    expect(decideRestart(5, policy)).toEqual({ restart: false });
    expect(decideRestart(2, { ...policy, maxCrashes: 2 })).toEqual({ restart: false });
  });

  it('forgets crashes older than the window', () => {
    expect(recentCrashes([0, 10_000, 59_999, 70_000], 70_000, 60_000)).toEqual([59_999, 70_000]);
    expect(recentCrashes([0, 10_000], 70_000, 60_000)).toEqual([]);
    expect(recentCrashes([20_000, 69_000], 70_000, 60_000)).toEqual([20_000, 69_000]);
  });

  it('fills defaults (base 250 ms, max 10 s, 3 crashes in 60 s)', () => {
    expect(resolveRestartPolicy(undefined)).toEqual(DEFAULT_RESTART_POLICY);
    expect(DEFAULT_RESTART_POLICY).toEqual({ baseDelayMs: 250, maxDelayMs: 10_000, maxCrashes: 3, windowMs: 60_000 });
    expect(resolveRestartPolicy({ maxCrashes: 9 })).toEqual({ ...DEFAULT_RESTART_POLICY, maxCrashes: 9 });
  });
});
