import type { SetTimer } from '../../electron/pool';

/** A SetTimer that fires only when a test says so: timing never decides the test. */
export class ManualTimers {
  readonly #pending = new Map<number, { run: () => void; ms: number }>();
  #next = 0;

  readonly setTimer: SetTimer = (run, ms) => {
    const id = this.#next++;
    this.#pending.set(id, { run, ms });
    return () => this.#pending.delete(id);
  };

  /** The delays of the timers now pending. */
  get pending(): number[] {
    return [...this.#pending.values()].map((t) => t.ms);
  }

  /** Fires every pending timer (as if their time had passed); returns how many fired. */
  fireAll(): number {
    const due = [...this.#pending.values()];
    this.#pending.clear();
    for (const timer of due) timer.run();
    return due.length;
  }
}
