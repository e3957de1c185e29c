import { describe, expect, it } from 'vitest';
import { endRun, KILL_PHASE_MS, KILL_ROUNDS, type RunSurvivors } from './end-run';
import type { ProcStat } from './proc-stat';
import type { DaemonRule } from './run-watch';

// Past the kernel's pid_max: signalling these reaches no process (ESRCH).
const P = 4_300_000;

/** A run that forks forever: each look finds one more process. */
function forkLoop(): RunSurvivors & { looks: DaemonRule[]; closed: boolean } {
  const run = {
    looks: [] as DaemonRule[],
    closed: false,
    survivors: (daemons: DaemonRule): Promise<ProcStat[]> => {
      run.looks.push(daemons);
      return Promise.resolve([{ pid: P + run.looks.length, ppid: 1, pgrp: 1, session: 1, start: String(run.looks.length), state: 'S' }]);
    },
    close: () => {
      run.closed = true;
    },
  };
  return run;
}

/** A clock that moves only when the code waits, by what it waits. */
function clock(step = 0): { now: () => number; delay: (ms: number) => Promise<void> } {
  let at = 0;
  return {
    now: () => (at += step),
    delay: (ms) => {
      at += ms;
      return Promise.resolve();
    },
  };
}

describe('endRun', () => {
  it('gives a run forking in a loop KILL_ROUNDS of SIGSTOP after the grace, no more, its periodic look stopped first', async () => {
    const run = forkLoop();
    expect(await endRun(undefined, run, { graceMs: 100, platform: 'linux', daemons: 'end', ...clock() })).toBe(true);
    // One look before SIGTERM, one after the grace, one after each round.
    expect(run.looks).toHaveLength(2 + KILL_ROUNDS);
    expect(run.looks.every((d) => d === 'end')).toBe(true);
    expect(run.closed).toBe(true);
  });

  it('stops the SIGSTOP rounds at KILL_PHASE_MS however many are left', async () => {
    const run = forkLoop();
    // Each reading of the clock moves it on: the rounds' time is spent after the first.
    await endRun(undefined, run, { graceMs: 0, platform: 'linux', daemons: 'keep', ...clock(KILL_PHASE_MS / 2) });
    expect(run.looks.length).toBeLessThan(1 + KILL_ROUNDS);
    expect(run.looks.every((d) => d === 'keep')).toBe(true);
  });

  it('with no grace, waits for no SIGTERM: one look, then the SIGSTOP rounds', async () => {
    const run = forkLoop();
    const { now, delay } = clock();
    let waited = 0;
    await endRun(undefined, run, { graceMs: 0, platform: 'linux', daemons: 'end', now, delay: (ms) => ((waited += ms), delay(ms)) });
    expect(run.looks).toHaveLength(1 + KILL_ROUNDS);
    expect(waited).toBe(0);
  });
});
