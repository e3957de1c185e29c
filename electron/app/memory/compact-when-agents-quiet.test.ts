import { describe, expect, it } from 'vitest';
import { compactWhenAgentsQuiet } from './compact-when-agents-quiet';

/** A manual clock and interval, the bridge's last request, and the compactions counted. */
function harness(quietMs = 60_000) {
  let clock = 0;
  let last: number | undefined;
  let compactedAt = -Infinity;
  let tick: (() => void) | undefined;
  let period = 0;
  let compactions = 0;
  const stop = compactWhenAgentsQuiet({
    lastRequestAt: () => last,
    compactedAt: () => compactedAt,
    compact: () => {
      compactions++;
      compactedAt = clock;
    },
    now: () => clock,
    quietMs,
    every: (run, ms) => {
      tick = run;
      period = ms;
      return () => {
        tick = undefined;
      };
    },
  });
  return {
    request() {
      last = clock;
    },
    /** Time passes in whole check periods. */
    wait(ms: number) {
      for (let passed = 0; passed < ms; passed += period) {
        clock += period;
        tick?.();
      }
    },
    compactedElsewhere() {
      compactedAt = clock;
    },
    compactions: () => compactions,
    period: () => period,
    running: () => tick !== undefined,
    stop,
  };
}

describe('compactWhenAgentsQuiet', () => {
  it('compacts once after the agents have been quiet for the set time, checking every half of it', () => {
    const h = harness();
    expect(h.period()).toBe(30_000);
    h.wait(300_000);
    // No agent came yet: nothing grew.
    expect(h.compactions()).toBe(0);
    h.request();
    h.wait(30_000);
    expect(h.compactions()).toBe(0);
    h.wait(30_000);
    expect(h.compactions()).toBe(1);
    h.wait(600_000);
    expect(h.compactions()).toBe(1);
  });

  it('waits while requests keep coming, and compacts again after the next busy spell', () => {
    const h = harness();
    for (let i = 0; i < 10; i++) {
      h.request();
      h.wait(30_000);
    }
    expect(h.compactions()).toBe(0);
    h.wait(60_000);
    expect(h.compactions()).toBe(1);
    h.request();
    h.wait(90_000);
    expect(h.compactions()).toBe(2);
  });

  it('leaves out a spell already followed by another compaction (the last server stopped)', () => {
    const h = harness();
    h.request();
    h.wait(30_000);
    h.compactedElsewhere();
    h.wait(120_000);
    expect(h.compactions()).toBe(0);
  });

  it('stops checking when stopped', () => {
    const h = harness();
    expect(h.running()).toBe(true);
    h.stop();
    expect(h.running()).toBe(false);
    h.request();
    h.wait(120_000);
    expect(h.compactions()).toBe(0);
  });
});
