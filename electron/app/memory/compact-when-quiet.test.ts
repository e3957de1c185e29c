import { describe, expect, it } from 'vitest';
import type { ServerState } from '../../../shared/api';
import { compactWhenServersStop } from './compact-when-quiet';

/** Servers whose states the test sets, a manual timer, and the compactions counted. */
function harness(initial: ServerState[]) {
  let states = initial;
  let reads = 0;
  const listeners = new Set<(state: ServerState) => void>();
  const timers = new Map<number, () => void>();
  let next = 0;
  let compactions = 0;
  const stop = compactWhenServersStop({
    states: () => {
      reads++;
      return states;
    },
    onStateChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    compact: () => compactions++,
    setTimer: (run) => {
      timers.set(++next, run);
      return next;
    },
    clearTimer: (timer) => timers.delete(timer as number),
    delayMs: 250,
  });
  return {
    /** Each server whose state differs announces its own change, as the pool does. */
    set(next: ServerState[]) {
      const before = states;
      states = next;
      next.forEach((state, i) => {
        if (state !== before[i]) for (const listener of listeners) listener(state);
      });
    },
    fire() {
      const due = [...timers.values()];
      timers.clear();
      for (const run of due) run();
    },
    pending: () => timers.size,
    compactions: () => compactions,
    listeners: () => listeners.size,
    reads: () => reads,
    stop,
  };
}

describe('compactWhenServersStop', () => {
  it('compacts once after the last running server stops', () => {
    const h = harness(['idle', 'idle']);
    h.set(['starting', 'idle']);
    h.set(['ready', 'ready']);
    h.set(['stopped', 'ready']);
    expect(h.pending()).toBe(0);
    h.set(['stopped', 'stopped']);
    expect(h.pending()).toBe(1);
    h.fire();
    expect(h.compactions()).toBe(1);
    // Further changes with nothing run since do not compact again.
    h.set(['stopped', 'needs_auth']);
    h.fire();
    expect(h.compactions()).toBe(1);
    // A new round of work and its end does.
    h.set(['ready', 'stopped']);
    h.set(['stopped', 'stopped']);
    h.fire();
    expect(h.compactions()).toBe(2);
  });

  it('never compacts while a server runs, and a restart before the delay cancels it', () => {
    const h = harness(['ready']);
    h.set(['stopped']);
    expect(h.pending()).toBe(1);
    h.set(['starting']);
    expect(h.pending()).toBe(0);
    h.fire();
    expect(h.compactions()).toBe(0);
  });

  it('does nothing when no server ever ran, and stops listening when stopped', () => {
    const h = harness(['idle']);
    h.set(['error']);
    h.fire();
    expect(h.compactions()).toBe(0);
    h.set(['ready']);
    h.set(['stopped']);
    h.stop();
    expect(h.pending()).toBe(0);
    expect(h.listeners()).toBe(0);
  });

  it('reads every state only when the last running server may have stopped', () => {
    // A start announces each configured server in turn: reading all states at each would be quadratic.
    const h = harness(Array<ServerState>(50).fill('idle'));
    const atStart = h.reads();
    for (let i = 0; i < 50; i++) h.set(Array<ServerState>(50).fill('stopped', 0, i + 1).fill('idle', i + 1));
    h.set(['ready', ...Array<ServerState>(49).fill('stopped')]);
    expect(h.reads()).toBe(atStart);
    h.set(Array<ServerState>(50).fill('stopped'));
    expect(h.reads()).toBe(atStart + 1);
    expect(h.pending()).toBe(1);
  });
});
