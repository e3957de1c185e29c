import type { Clock } from '../../../renderer/lib';

export interface FakeClock extends Clock {
  /** Moves time forward and runs every timer that came due, in order. */
  advance(ms: number): void;
  set(now: number): void;
}

export function createFakeClock(start = 1_800_000_000_000): FakeClock {
  let now = start;
  const timers = new Set<{ ms: number; next: number; tick: () => void }>();
  return {
    now: () => now,
    every(ms, tick) {
      const timer = { ms, next: now + ms, tick };
      timers.add(timer);
      return () => {
        timers.delete(timer);
      };
    },
    advance(ms) {
      const target = now + ms;
      for (;;) {
        const due = [...timers].filter((t) => t.next <= target).sort((a, b) => a.next - b.next)[0];
        if (!due) break;
        now = due.next;
        due.next += due.ms;
        due.tick();
      }
      now = target;
    },
    set(value) {
      now = value;
    },
  };
}
