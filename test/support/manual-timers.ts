import type { SetTimer } from '../../electron/pool';

/**
 * A SetTimer that fires only when a test says so: timing never decides the test. Its clock (`now`)
 * moves only by `advance`, which fires the timers whose time has come, so it is also a DelayClock.
 */
export class ManualTimers {
  readonly #pending = new Map<number, { run: () => void; ms: number; at: number }>();
  #next = 0;
  #time = 0;

  readonly setTimer: SetTimer = (run, ms) => {
    const id = this.#next++;
    this.#pending.set(id, { run, ms, at: this.#time + ms });
    return () => this.#pending.delete(id);
  };

  /** DelayClock's name for setTimer. */
  readonly after: SetTimer = this.setTimer;

  readonly now = (): number => this.#time;

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

  /** Moves the clock on by `ms`, firing each timer due by then in the order they fall due. */
  advance(ms: number): void {
    this.#time += ms;
    for (;;) {
      let first: [number, { run: () => void; at: number }] | undefined;
      for (const pending of this.#pending) if (pending[1].at <= this.#time && (first === undefined || pending[1].at < first[1].at)) first = pending;
      if (first === undefined) return;
      this.#pending.delete(first[0]);
      first[1].run();
    }
  }
}
