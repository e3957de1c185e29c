import type { Cancellation } from './cancellation';

/**
 * A call's deadline that stops while its server waits for an answer from the call's agent or the
 * person (an elicitation, a sampling request, roots, in either era): that time is theirs, not the
 * server's, and an agent whose person fills a form for two minutes must not lose the call to a
 * 60-second timeout. Holds nest; the deadline runs again, with the time it had left, once none is held.
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
  #left: number;
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
    this.#arm();
  }

  /** Aborted when the caller cancels or the deadline passes. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  hold(): void {
    if (this.#stopped) return;
    this.#holds += 1;
    if (this.#holds > 1 || this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#left -= this.#now() - this.#since;
  }

  release(): void {
    if (this.#stopped || this.#holds === 0) return;
    this.#holds -= 1;
    if (this.#holds === 0) this.#arm();
  }

  /** The request settled: no timer, no listener left. */
  stop(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#removeCancel?.();
    this.#removeCancel = undefined;
    this.#stopped = true;
  }

  #arm(): void {
    if (this.#stopped || this.#abort.signal.aborted || this.#holds !== 0) return;
    this.#since = this.#now();
    this.#timer = setTimeout(() => this.#abort.abort(new DeadlinePassed(this.#timeoutMs)), Math.max(0, this.#left));
  }
}
