/**
 * POST answers still pending some time after they began (post-answer.ts turns such an answer to SSE),
 * all on one timer. A timer per answer (setTimeout, clearTimeout, their closures) was made and
 * cancelled on nearly every call, since nearly every call answers in time; here an answer joins and
 * leaves a list linked through the answers themselves, in the order they began, which is the order
 * they fall due, and the one timer is armed for the first of them.
 */

/** An answer as the list holds it: its deadline and neighbours are its own fields. */
export interface LateEntry {
  lateDue: number | undefined;
  latePrev: LateEntry | undefined;
  lateNext: LateEntry | undefined;
  /** Its deadline passed while it was still in the list (it has left the list already). */
  late(): void;
}

export interface LateClock {
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

export class LateAnswers {
  readonly #delayMs: number;
  readonly #after: (run: () => void, ms: number) => () => void;
  readonly #now: () => number;
  readonly #fire = (): void => this.#due();
  #first: LateEntry | undefined;
  #last: LateEntry | undefined;
  #armed = false;

  constructor(delayMs: number, clock: LateClock = {}) {
    this.#delayMs = delayMs;
    this.#after = clock.after ?? unrefTimeout;
    this.#now = clock.now ?? (() => performance.now());
  }

  /** `entry` falls due `delayMs` from now, unless removed before. */
  add(entry: LateEntry): void {
    entry.lateDue = this.#now() + this.#delayMs;
    entry.latePrev = this.#last;
    entry.lateNext = undefined;
    if (this.#last) this.#last.lateNext = entry;
    else this.#first = entry;
    this.#last = entry;
    if (!this.#armed) this.#arm(this.#delayMs);
  }

  /** Out of the list, if in it; its links are cleared so it keeps no other answer alive. */
  remove(entry: LateEntry): void {
    if (entry.lateDue === undefined) return;
    if (entry.latePrev) entry.latePrev.lateNext = entry.lateNext;
    else this.#first = entry.lateNext;
    if (entry.lateNext) entry.lateNext.latePrev = entry.latePrev;
    else this.#last = entry.latePrev;
    entry.lateDue = undefined;
    entry.latePrev = undefined;
    entry.lateNext = undefined;
  }

  #arm(ms: number): void {
    this.#armed = true;
    this.#after(this.#fire, Math.max(0, ms));
  }

  /** The timer fired: every answer due by now is late; the timer waits for the next one, if any. */
  #due(): void {
    this.#armed = false;
    const now = this.#now();
    for (let entry = this.#first; entry !== undefined && (entry.lateDue ?? 0) <= now; entry = this.#first) {
      this.remove(entry);
      entry.late();
    }
    if (this.#first?.lateDue !== undefined && !this.#armed) this.#arm(this.#first.lateDue - now);
  }
}
