import type { ProgressCallback } from '@modelcontextprotocol/client';
import type { DelayList, Delayed } from '../../shared/collections';
import { MAX_HELD_MS, type DeadlineHold, type HoldPoint } from './deadline-hold';
import type { OutputValidator } from './output-validators';

export type Resolve = (value: Record<string, unknown>) => void;
export type Reject = (error: Error) => void;

/** What a PendingCall asks of the calls it is one of (direct-calls.ts). */
export interface PendingCalls {
  /** Its deadline passed. */
  timedOut(call: PendingCall): void;
  /** No longer waiting for its answer. */
  settled(call: PendingCall): boolean;
}

/**
 * One tools/call waiting for its answer. Its deadline and its place in the list of calls due at the
 * same delay are its own fields (DelayList: one timer per delay per connection, where a setTimeout
 * per call was made and cleared, with the ~7 closures around it).
 */
export class PendingCall implements Delayed<PendingCall>, DeadlineHold {
  due: number | undefined;
  prev: PendingCall | undefined;
  next: PendingCall | undefined;
  readonly resolve: Resolve;
  readonly reject: Reject;
  /** Stops listening on the caller's cancellation. */
  removeAbort: (() => void) | undefined;
  /** The caller's progress listener: the request carried its id as progressToken. */
  onprogress: ProgressCallback | undefined;
  /** Where its running call finds this deadline to hold (deadline-hold.ts). */
  point: HoldPoint | undefined;
  /** While its server waits for an answer: the holds, the time its deadline had left, the timer of that rest. Made by the first hold. */
  held: { count: number; left: number; dueAt: number; since: number; allowance: number; timer: ReturnType<typeof setTimeout> | undefined } | undefined;

  constructor(
    readonly calls: PendingCalls,
    readonly id: number,
    readonly tool: string,
    readonly timeout: number,
    readonly validator: OutputValidator | undefined,
    readonly deadlines: DelayList<PendingCall>,
    resolve: Resolve,
    reject: Reject,
  ) {
    this.resolve = resolve;
    this.reject = reject;
  }

  /** Its deadline passed: a deadline the person configured, which progress does not extend (resetTimeoutOnProgress is never asked on this path); only a question to the agent or the person holds it (hold). */
  elapsed(): void {
    this.calls.timedOut(this);
  }

  /**
   * Out of its deadline list (or its rest's timer) with the time it had left, still waiting for its
   * answer; a timer of its own ends it once the holds together pass MAX_HELD_MS.
   */
  hold(): void {
    const held = this.held;
    if (held !== undefined && held.count > 0) {
      held.count += 1;
      return;
    }
    if (this.calls.settled(this)) return;
    const now = performance.now();
    let left: number;
    if (held?.timer !== undefined) {
      clearTimeout(held.timer);
      left = held.dueAt - now;
    } else {
      left = (this.due ?? now) - now;
      this.deadlines.remove(this);
    }
    const state = { count: 1, left: Math.max(0, left), dueAt: 0, since: now, allowance: held?.allowance ?? MAX_HELD_MS, timer: undefined };
    this.held = state;
    this.#after(state, state.left + state.allowance);
  }

  /** The last hold released: the rest of its time on a timer of its own (a list's entries all wait the same delay). */
  release(): void {
    const held = this.held;
    if (held === undefined || held.count === 0) return;
    held.count -= 1;
    if (held.count > 0 || this.calls.settled(this)) return;
    const now = performance.now();
    held.allowance = Math.max(0, held.allowance - (now - held.since));
    if (held.timer !== undefined) clearTimeout(held.timer);
    held.dueAt = now + held.left;
    this.#after(held, held.left);
  }

  /** Its own timer: the deadline passes `ms` from now unless it is answered, held or released first. */
  #after(held: NonNullable<PendingCall['held']>, ms: number): void {
    held.timer = setTimeout(() => {
      held.timer = undefined;
      if (!this.calls.settled(this)) this.calls.timedOut(this);
    }, ms);
    held.timer.unref();
  }
}
