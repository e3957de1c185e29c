import { setMaxListeners } from 'node:events';
import { LinkedList } from '../../shared/collections';
import { currentCallScope, inCallScope } from './call-scope';
import type { DeadlineHold, HoldPoint } from './deadline-hold';
import type { CallAsker } from './server-asks';
import type { CallLog } from './types';

interface RunningCall extends HoldPoint {
  readonly asker: CallAsker | undefined;
  readonly what: string;
  /** Where the server's log messages during this call go, when its caller asked for them. */
  readonly log?: CallLog | undefined;
  /**
   * A call by another asker ran at some time during this one: a request arriving now may be that
   * other call's, sent after it ended (stdio names no call), so it cannot be given to this asker.
   */
  overlapped?: boolean;
  /**
   * Any other call ran at some time during this one, whoever made it: a log message arriving now may
   * be that call's, sent after it answered (stdio names no request). Not `overlapped`: calls without
   * an asker (every completion, the app's own reads) have no asker to differ by.
   */
  shared?: boolean;
  /** Aborts the server requests made for this call when it ends; made by the first such request (an abort costs ~10 µs a call). */
  ended?: AbortController;
  /**
   * Its neighbours among the running calls, cleared when it ends: the calls are linked through
   * themselves, so a call begins and ends with a few pointer writes and a new call visits the others
   * without a copy of them (in an IdTable each call cost a dictionary entry added and deleted and an
   * array of its values, about 3% of the bridge's busy time in a session profile at 16 calls at once).
   */
  prev: RunningCall | undefined;
  next: RunningCall | undefined;
}

/**
 * Each request of the server waiting in a call listens for the call's end (removed as it settles):
 * up to the 16 waiting for the person and those forwarded to the agent, past Node's default of 10.
 */
export const CALL_END_LISTENERS = 256;

function endedSignal(call: RunningCall): AbortSignal {
  if (call.ended === undefined) {
    call.ended = new AbortController();
    setMaxListeners(CALL_END_LISTENERS, call.ended.signal);
  }
  return call.ended.signal;
}

/** The call a server request belongs to. */
export interface Owner {
  asker: CallAsker | undefined;
  call: string | undefined;
  /** Aborted when that call ends (a request that outlives its call is cancelled). */
  ended: AbortSignal | undefined;
}

/**
 * The calls running on one server, so a request the server sends can be given to whoever made the
 * call. Over Streamable HTTP a request related to a call comes on that call's own POST stream (MCP
 * 2025-11-25 basic/transports), whose handler runs in the call's scope (call-scope.ts): it is that
 * call's. Otherwise (stdio, whose requests name no call; the standalone GET stream) a request belongs
 * to a call only when every running call has the same asker and no call by another asker ran beside
 * any of them (its request may come late, after its call ended); else it cannot be told apart and
 * goes to the person, never to a possibly wrong agent. A request sent after its call ended, while a
 * call of another asker that began later runs alone, still cannot be told apart (docs/asks.md).
 */
export class RunningCalls {
  readonly #calls = new LinkedList<RunningCall>();
  readonly #scoped: () => boolean;

  /**
   * `scoped`: whether calls run in a scope now, i.e. whether a request can come on its call's own
   * stream (Streamable HTTP). Not for stdio: an AsyncLocalStorage in use costs every promise of the
   * process a hook (Node before 24), for nothing there.
   */
  constructor(scoped: () => boolean = () => true) {
    this.#scoped = scoped;
  }

  /** A call starts; the returned function ends it (and cancels its pending requests). */
  begin(asker: CallAsker | undefined, what: string): () => void {
    const call: RunningCall = { asker, what, log: undefined, deadline: undefined, prev: undefined, next: undefined };
    this.#add(call);
    return () => this.#end(call);
  }

  #add(call: RunningCall): void {
    // The list itself, not its iterator: no object made per call.
    for (let running = this.#calls.first; running; running = running.next) {
      running.shared = true;
      call.shared = true;
      if (running.asker === call.asker) continue;
      running.overlapped = true;
      call.overlapped = true;
    }
    this.#calls.push(call);
  }

  /** Once per call: a call already out of the list has ended. */
  #end(call: RunningCall): void {
    if (!this.#calls.delete(call)) return;
    call.ended?.abort(new Error(`${call.what} ended`));
  }

  /**
   * Runs `body` as a call: begun, inside its scope if scoped (call-scope.ts), ended when it settles.
   * `body` is given the call's HoldPoint, where its request puts the deadline a server's request holds.
   */
  async run<T>(asker: CallAsker | undefined, what: string, body: (point: HoldPoint) => Promise<T>, log?: CallLog): Promise<T> {
    const call: RunningCall = { asker, what, log, deadline: undefined, prev: undefined, next: undefined };
    this.#add(call);
    try {
      return await (this.#scoped() ? inCallScope(call, () => body(call)) : body(call));
    } finally {
      this.#end(call);
    }
  }

  get size(): number {
    return this.#calls.size;
  }

  /**
   * The call a server's log message arriving now arose in, when its caller asked for messages: the
   * call whose stream it came on (HTTP, call-scope.ts), else the one call running, never beside another
   * call (stdio names no request). Stricter than owner(): a message goes to one request's stream, so
   * several calls at once (even one caller's, or calls with no asker) leave it to none, now and for
   * the rest of each (MCP 2026-07-28 server/utilities/logging: messages of a request go on that
   * request's stream only).
   */
  logTarget(): CallLog | undefined {
    const scoped = currentCallScope();
    if (scoped !== undefined) {
      for (const call of this.#calls) if (call === scoped) return call.log;
    }
    if (this.#calls.size !== 1) return undefined;
    for (const call of this.#calls) return call.shared === true ? undefined : call.log;
    return undefined;
  }

  /**
   * Holds the deadline of the calls a request arriving now belongs to while someone other than the
   * server answers it; returns the release. Only calls it is known to be of: its own call (its HTTP
   * stream's scope), else the running calls when they are all one asker's and none overlapped
   * another's (as owner() gives it to that asker). A request that cannot be told apart holds none:
   * it must not stand another agent's call still.
   */
  holdDeadlines(): () => void {
    const scoped = currentCallScope();
    let held: DeadlineHold[] = [];
    let own = false;
    for (let running = this.#calls.first; running; running = running.next) {
      if (running !== scoped) continue;
      own = true;
      if (running.deadline) held = [running.deadline];
    }
    const first = this.#calls.first;
    if (!own && first !== undefined) {
      let oneAsker = true;
      for (let running: RunningCall | undefined = first; running; running = running.next) if (running.asker !== first.asker || running.overlapped === true) oneAsker = false;
      if (oneAsker) for (let running: RunningCall | undefined = first; running; running = running.next) if (running.deadline) held.push(running.deadline);
    }
    for (const deadline of held) deadline.hold();
    return () => {
      for (const deadline of held) deadline.release();
    };
  }

  /** Who a request arriving now belongs to. */
  owner(): Owner {
    const calls = [...this.#calls];
    // Handled in a call's scope: the call it came for, if it is one of ours and still running.
    const scoped = currentCallScope();
    const own = scoped === undefined ? undefined : calls.find((c) => c === scoped);
    if (own) return { asker: own.asker, call: own.what, ended: endedSignal(own) };
    const first = calls[0];
    if (!first) return { asker: undefined, call: undefined, ended: undefined };
    // A request lives until every call it may belong to has ended.
    const ended = calls.length === 1 ? endedSignal(first) : allAborted(calls.map(endedSignal));
    if (calls.every((c) => c.asker === first.asker && c.overlapped !== true)) {
      return { asker: first.asker, call: calls.length === 1 ? first.what : `one of ${calls.length} calls`, ended };
    }
    // Different askers, now or while these calls ran: the request goes to the person. One caller's
    // separate requests (a 2026-07-28 agent's calls, each its own asker) are that caller's, not others'.
    const label = first.asker?.label;
    const one = label !== undefined && calls.every((c) => c.asker?.label === label);
    return { asker: undefined, call: `one of ${calls.length} calls ${one ? `at once by ${label}` : 'by different callers'}`, ended };
  }
}

/** Aborted once every one of the signals is. */
function allAborted(signals: AbortSignal[]): AbortSignal {
  const all = new AbortController();
  let left = signals.filter((s) => !s.aborted).length;
  if (left === 0) all.abort(new Error('the calls ended'));
  for (const signal of signals) {
    if (signal.aborted) continue;
    signal.addEventListener('abort', () => {
      left -= 1;
      if (left === 0) all.abort(new Error('the calls ended'));
    }, { once: true });
  }
  return all.signal;
}
