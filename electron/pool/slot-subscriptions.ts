import type { CallTimeout } from '../../shared/config';
import { CodedError, errorMessage } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { cancelledError, untilAborted } from './call-helpers';
import { cancellationOf } from './cancellation';
import type { SetTimer } from './idle-timer';
import type { CallOptions } from './types';

/** One upstream resources/subscribe or unsubscribe of `uri` (a 2026-07-28 listen filter), as a request of the slot. */
export type SendSubscription = (uri: string, subscribe: boolean, options: CallOptions | undefined) => Promise<void>;

/** What the subscriptions of one slot use of it. */
export interface SubscriptionParts {
  server: string;
  send: SendSubscription;
  /** Holds the server from idle stop; returns the release. */
  holdAwake: () => () => void;
  /** Whether the server runs now: a stopped one holds no subscription to give back. */
  running: () => boolean;
  /** A line for the core's log (a give-back nobody waits for fails there). */
  log: (line: string) => void;
  /** Each caller's own time limit (its timeoutMs) runs on it. */
  setTimer: SetTimer;
  /** The server's configured time limit for one request, read now. */
  limit: () => CallTimeout;
}

/** One URI: how many hold it, how many still wait for its upstream subscribe, and the hold that keeps the server up. */
interface Held {
  count: number;
  waiting: number;
  subscribed: boolean;
  /** Aborts the shared upstream subscribe once every caller waiting for it has left. */
  abandon: AbortController;
  /** An abandoned subscribe before this one may have left the server subscribed: given back if this one ends unheld. */
  stray: boolean;
  ready: Promise<void>;
  release?: () => void;
}

/**
 * Of the caller's options only its time limit, with `signal` instead of its own: the upstream request is
 * shared, or must be sent whatever the caller does, so it outlives the caller. Its asker, progress and
 * log wish stay the caller's: the server's requests during it are then no one caller's (server-asks.ts).
 */
function detached(options: CallOptions | undefined, signal?: AbortSignal): CallOptions {
  const copy: CallOptions = {};
  if (options?.timeoutMs !== undefined) copy.timeoutMs = options.timeoutMs;
  if (signal !== undefined) copy.signal = signal;
  return copy;
}

/**
 * The first caller's options for the shared subscribe: its time limit only if longer than the server's,
 * which bounds the request otherwise (a caller's timeoutMs overrides the server's; shorter, it ends only its own wait).
 */
function shared(options: CallOptions | undefined, signal: AbortSignal, limitMs: number): CallOptions {
  const copy = detached(options, signal);
  if (copy.timeoutMs === undefined || copy.timeoutMs > limitMs) return copy;
  const { timeoutMs: _own, ...rest } = copy;
  return rest;
}

/** A wait for `promise` that fails with `timedOut()` once `ms` have passed (the promise goes on: other callers may share it). */
interface OwnWait<T> {
  wait: Promise<T>;
  /** Ends the timer: called however the caller's wait ends. */
  stop: () => void;
}

function within<T>(promise: Promise<T>, ms: number | undefined, setTimer: SetTimer, timedOut: () => Error): OwnWait<T> {
  if (ms === undefined) return { wait: promise, stop: () => undefined };
  let stop = (): void => undefined;
  const wait = new Promise<T>((resolve, reject) => {
    stop = setTimer(() => reject(timedOut()), ms);
    promise.then(resolve, (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))));
  });
  return { wait, stop };
}

/** A caller's time limit (its own, or the server's, `raise`, for one that gave none) passed before the shared subscribe was answered. */
function ownTimeout(server: string, what: string, ms: number, raise: string | undefined): CodedError {
  const seconds = ms / 1000;
  const message = redact(`${what} on "${server}" did not answer within ${seconds} s`);
  if (raise === undefined) {
    return new CodedError('timeout', message, {
      hint: `this subscribe gave itself ${seconds} s (its timeoutMs): subscribe again with a longer one, or without one for the server's own limit`,
    });
  }
  // An agent cannot edit mcp.json: the person can.
  return new CodedError('timeout', message, { hint: `retry, or raise ${raise} in mcp.json`, data: { agentHint: `retry later, or ask the person to raise ${raise} in mcp.json` } });
}

/**
 * Resource subscriptions held by agents on one server (MCP 2025-11-25 server/resources §Subscriptions),
 * counted per URI: the first subscribes upstream, the last gives it back; while any holds one, no idle stop.
 * A caller's signal and timeout end only its own wait: the upstream requests are never tied to one caller.
 */
export class SlotSubscriptions {
  readonly #held = new Map<string, Held>();

  constructor(private readonly parts: SubscriptionParts) {}

  /** The URIs held or being subscribed (asked for again after a restart). */
  uris(): IterableIterator<string> {
    return this.#held.keys();
  }

  async subscribe(uri: string, options?: CallOptions): Promise<void> {
    const cancel = cancellationOf(options?.signal);
    const what = `subscription to ${uri}`;
    if (cancel?.aborted === true) throw cancelledError(this.parts.server, what, cancel);
    const joined = this.#held.get(uri);
    const held = joined ?? this.#create(uri, options);
    held.waiting += 1;
    // A caller joining a request sent with its first caller's longer limit, giving none itself, waits the server's limit.
    const limit = options?.timeoutMs === undefined && joined !== undefined ? this.parts.limit() : undefined;
    const own = options?.timeoutMs ?? limit?.ms;
    const mine = within(held.ready, own, this.parts.setTimer, () => ownTimeout(this.parts.server, what, own ?? 0, limit?.raise));
    try {
      await untilAborted(mine.wait, cancel, () => cancelledError(this.parts.server, what, cancel));
    } catch (error) {
      held.waiting -= 1;
      if (held.subscribed) void this.#dropIfUnheld(uri, held);
      else if (held.waiting === 0 && held.count === 0 && this.#held.get(uri) === held) {
        // The last caller waiting for it left: the request is ended upstream; a later caller sends its own.
        this.#held.delete(uri);
        held.abandon.abort(error);
      }
      throw error;
    } finally {
      mine.stop();
    }
    held.waiting -= 1;
    held.count += 1;
    held.release ??= this.parts.holdAwake();
  }

  /**
   * Shared by every caller of the URI until it settles; aborted only once none of them waits for it.
   * Bounded by the server's configured time limit, or by its first caller's own if that is longer.
   */
  #create(uri: string, options: CallOptions | undefined): Held {
    const abandon = new AbortController();
    const held: Held = { count: 0, waiting: 0, subscribed: false, abandon, stray: false, ready: this.parts.send(uri, true, shared(options, abandon.signal, this.parts.limit().ms)) };
    held.ready.then(
      () => {
        held.subscribed = true;
        // Answered after every caller left (too late to abort): given back, unless a later caller holds it anew.
        if (abandon.signal.aborted) this.#giveBackStray(uri);
        else void this.#dropIfUnheld(uri, held);
      },
      () => {
        if (this.#held.get(uri) === held && held.count === 0) this.#held.delete(uri);
        // Cancelling is best effort (MCP 2025-11-25 basic/utilities/cancellation §Timing Considerations): the server may have subscribed anyway.
        if (abandon.signal.aborted || held.stray) this.#giveBackStray(uri);
      },
    );
    this.#held.set(uri, held);
    return held;
  }

  /**
   * The server may hold a subscription nobody asked to keep: given back now if nobody holds the URI,
   * else left to the URI's current subscribe (kept if it is held, given back if it ends unheld).
   */
  #giveBackStray(uri: string): void {
    const current = this.#held.get(uri);
    if (current !== undefined) {
      current.stray = true;
      return;
    }
    if (!this.parts.running()) return;
    this.parts.send(uri, false, undefined).catch((error: unknown) => this.parts.log(`giving back an abandoned subscription failed: ${errorMessage(error)}`));
  }

  /**
   * One holder fewer; the last gives it back upstream. That request is sent whatever the caller's
   * signal does (a server left subscribed sends updates nobody hears); the signal ends the caller's wait.
   */
  async unsubscribe(uri: string, options?: CallOptions): Promise<void> {
    const held = this.#held.get(uri);
    if (held === undefined || held.count === 0) return;
    held.count -= 1;
    const sent = this.#dropIfUnheld(uri, held, options);
    if (sent === undefined) return;
    const cancel = cancellationOf(options?.signal);
    await untilAborted(sent, cancel, () => cancelledError(this.parts.server, `subscription to ${uri}`, cancel));
  }

  /** Nobody holds or waits for it any more: its hold released and, on a running server, given back upstream. */
  #dropIfUnheld(uri: string, held: Held, options?: CallOptions): Promise<void> | undefined {
    if (!held.subscribed || held.count > 0 || held.waiting > 0 || this.#held.get(uri) !== held) return undefined;
    this.#held.delete(uri);
    held.release?.();
    // Best effort: a server that has stopped holds no subscription anyway.
    if (!this.parts.running()) return undefined;
    return this.parts.send(uri, false, detached(options)).catch(() => undefined);
  }
}
