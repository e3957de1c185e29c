import type { Cancellation } from './cancellation';

/**
 * A call's deadline that stops while its server waits for an answer from the call's agent or the
 * person (an elicitation, a sampling request, roots, in either era): that time is theirs, not the
 * server's, and an agent whose person fills a form for two minutes must not lose the call to a
 * 60-second timeout. Holds nest; the deadline runs again, with the time it had left, once none is held.
 * A call stands still for at most MAX_HELD_MS in all: a server that asks again and again, each
 * question before the last one's limit, must not keep a call (and its server) from ending.
 */
export interface DeadlineHold {
  hold(): void;
  release(): void;
}

/** Where a call's running request puts its deadline, so that a request of its server can hold it (running-calls.ts). */
export interface HoldPoint {
  deadline: DeadlineHold | undefined;
}

/** A call's deadline passed (our own timer, HeldDeadline): the call did not answer in time. */
export class DeadlinePassed extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms`);
    this.name = 'DeadlinePassed';
  }
}

/** The most a call's deadline stands still in all, over every hold (two questions' 5-minute limits). */
export const MAX_HELD_MS = 10 * 60_000;

/** The longest a Node timer may wait (2^31 - 1 ms); past it setTimeout fires at once. */
export const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * The deadline of a request sent through the SDK's Protocol.request, whose own timer cannot be held:
 * the SDK is given LONGEST_TIMER_MS, and this timer aborts the request's signal with DeadlinePassed
 * (the SDK then cancels it upstream, spec basic/utilities/cancellation, as its own timeout would).
 * The signal also follows the caller's cancellation.
 */
export class HeldDeadline implements DeadlineHold {
  readonly #abort = new AbortController();
  readonly #timeoutMs: number;
  readonly #now: () => number;
  /** The deadline's own time left, and the time it may yet stand still (MAX_HELD_MS over every hold). */
  #left: number;
  #allowance = MAX_HELD_MS;
  /** When it last began to run or to stand still. */
  #since: number;
  #holds = 0;
  #stopped = false;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #removeCancel: (() => void) | undefined;

  constructor(timeoutMs: number, cancel: Cancellation | undefined, now: () => number = () => performance.now()) {
    this.#timeoutMs = timeoutMs;
    this.#now = now;
    this.#left = timeoutMs;
    this.#since = now();
    if (cancel?.aborted) this.#abort.abort(cancel.reason);
    else if (cancel) this.#removeCancel = cancel.onAbort(() => this.#abort.abort(cancel.reason));
    this.#arm(this.#left);
  }

  /** Aborted when the caller cancels or the deadline passes. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  hold(): void {
    if (this.#stopped) return;
    this.#holds += 1;
    if (this.#holds > 1) return;
    const now = this.#now();
    this.#left -= now - this.#since;
    this.#since = now;
    // Held, it passes only once what it may stand still is spent as well.
    this.#arm(this.#left + this.#allowance);
  }

  release(): void {
    if (this.#stopped || this.#holds === 0) return;
    this.#holds -= 1;
    if (this.#holds > 0) return;
    const now = this.#now();
    this.#allowance = Math.max(0, this.#allowance - (now - this.#since));
    this.#since = now;
    this.#arm(this.#left);
  }

  /** The request settled: no timer, no listener left. */
  stop(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#removeCancel?.();
    this.#removeCancel = undefined;
    this.#stopped = true;
  }

  #arm(ms: number): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#stopped || this.#abort.signal.aborted) return;
    this.#timer = setTimeout(() => this.#abort.abort(new DeadlinePassed(this.#timeoutMs)), Math.max(0, ms));
  }
}
