import { LinkedList, type Linked } from './linked-list';

/** An entry of a DelayList: when it falls due is its own field. */
export interface Delayed<T> extends Linked<T> {
  /** The clock's time it falls due while in a DelayList; undefined out of one. */
  due: number | undefined;
  /** Its time came while it was in the list (it has left the list already). */
  elapsed(): void;
}

export interface DelayClock {
  /** Arms a timer (an unref'd setTimeout by default); returns its cancel function. */
  after?: (run: () => void, ms: number) => () => void;
  /** Milliseconds, monotonic; performance.now by default. */
  now?: () => number;
}

const unrefTimeout = (run: () => void, ms: number): (() => void) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/**
 * Entries that each fall due the same delay after they were added, all on one timer. A timer per
 * entry (setTimeout, clearTimeout and their closures) was made and cancelled for nearly every entry,
 * since nearly every one leaves in time; here an entry joins and leaves a LinkedList, in the order
 * added, which is the order they fall due, and the one timer is armed for the first of them.
 */
export class DelayList<T extends Delayed<T>> {
  readonly #delayMs: number;
  readonly #after: (run: () => void, ms: number) => () => void;
  readonly #now: () => number;
  readonly #fire = (): void => this.#due();
  readonly #entries = new LinkedList<T>();
  #armed = false;

  constructor(delayMs: number, clock: DelayClock = {}) {
    this.#delayMs = delayMs;
    this.#after = clock.after ?? unrefTimeout;
    this.#now = clock.now ?? (() => performance.now());
  }

  get size(): number {
    return this.#entries.size;
  }

  /** `entry` falls due `delayMs` from now, unless removed before. */
  add(entry: T): void {
    entry.due = this.#now() + this.#delayMs;
    this.#entries.push(entry);
    if (!this.#armed) this.#arm(this.#delayMs);
  }

  /** Out of the list, if in it. */
  remove(entry: T): void {
    if (entry.due === undefined) return;
    entry.due = undefined;
    this.#entries.delete(entry);
  }

  #arm(ms: number): void {
    this.#armed = true;
    this.#after(this.#fire, Math.max(0, ms));
  }

  /** The timer fired: every entry due by now elapses; the timer waits for the next one, if any. */
  #due(): void {
    this.#armed = false;
    const now = this.#now();
    for (let entry = this.#entries.first; entry !== undefined && (entry.due ?? 0) <= now; entry = this.#entries.first) {
      this.remove(entry);
      entry.elapsed();
    }
    const next = this.#entries.first?.due;
    if (next !== undefined && !this.#armed) this.#arm(next - now);
  }
}
