import type { CallAsker } from './server-asks';

interface RunningCall {
  readonly asker: CallAsker | undefined;
  readonly what: string;
  /** Aborts the server requests made for this call when it ends; made by the first such request (an abort costs ~10 µs a call). */
  ended?: AbortController;
}

function endedSignal(call: RunningCall): AbortSignal {
  call.ended ??= new AbortController();
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
 * call. Over stdio a server's request carries nothing naming the call it serves (MCP 2025-11-25
 * basic/transports: association exists only as Streamable HTTP's per-request stream, which the SDK's
 * client does not report), so a request belongs to a call only when every running call has the same
 * asker; otherwise it cannot be told apart and goes to the person, never to a possibly wrong agent.
 */
export class RunningCalls {
  readonly #calls = new Set<RunningCall>();

  /** A call starts; the returned function ends it (and cancels its pending requests). */
  begin(asker: CallAsker | undefined, what: string): () => void {
    const call: RunningCall = { asker, what };
    this.#calls.add(call);
    return () => {
      this.#calls.delete(call);
      call.ended?.abort(new Error(`${what} ended`));
    };
  }

  get size(): number {
    return this.#calls.size;
  }

  /** Who a request arriving now belongs to. */
  owner(): Owner {
    const calls = [...this.#calls];
    const first = calls[0];
    if (!first) return { asker: undefined, call: undefined, ended: undefined };
    // A request lives until every call it may belong to has ended.
    const ended = calls.length === 1 ? endedSignal(first) : allAborted(calls.map(endedSignal));
    if (calls.every((c) => c.asker === first.asker)) {
      return { asker: first.asker, call: calls.length === 1 ? first.what : `one of ${calls.length} calls`, ended };
    }
    // Different askers: the request goes to the person.
    return { asker: undefined, call: `one of ${calls.length} calls by different callers`, ended };
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
