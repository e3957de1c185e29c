/** Runs `run` after `ms`; returns how to cancel it. */
export type After = (ms: number, run: () => void) => () => void;

/** What a subscribing call brings to its wait: its cancellation and its own time limit. */
export interface WaitOptions {
  signal?: AbortSignal;
  timeout?: number;
}

/** Nobody waits for the listen about to be sent: every call that asked for it was cancelled or timed out. */
export class ListenAbandoned extends Error {
  constructor() {
    super('no call waits for the change stream any more');
    this.name = 'ListenAbandoned';
  }
}

/**
 * The calls waiting for the re-open of a 2026-07-28 listen stream. Several share one listen; each
 * may stop waiting (its signal, its timeout) on its own. When the last one stops, the listen under
 * way is aborted: the SDK then closes its stream and cancels it upstream (MCP 2026-07-28
 * §Subscriptions), rather than holding it until its acknowledgement wait ends.
 */
export class ListenWaits {
  #waiting = 0;
  #abandon: AbortController | undefined;

  /**
   * The signal for the listen about to be sent, aborted once no call waits for it; undefined when none
   * waits now. `keep`: a listen that drops a URI nobody holds is sent and never abandoned.
   */
  begin(keep = false): AbortSignal | undefined {
    if (this.#waiting === 0 && !keep) return undefined;
    const listen = new AbortController();
    this.#abandon = keep ? undefined : listen;
    return listen.signal;
  }

  /** The listen settled: an open stream is never aborted by a caller that leaves later. */
  end(): void {
    this.#abandon = undefined;
  }

  /**
   * Waits for `sync` on behalf of one call. Its signal ends the wait at once (rejected with the
   * signal's reason); its timeout, if given, ends it with `timedOut()`.
   */
  wait(sync: Promise<void>, options: WaitOptions, after: After, timedOut: () => Error): Promise<void> {
    const { signal, timeout } = options;
    if (signal?.aborted === true) return Promise.reject(reasonOf(signal));
    this.#waiting++;
    return new Promise<void>((resolve, reject) => {
      let done = false;
      let cancelTimer: (() => void) | undefined;
      const finish = (left: boolean, settle: () => void): void => {
        if (done) return;
        done = true;
        this.#waiting--;
        signal?.removeEventListener('abort', onAbort);
        cancelTimer?.();
        if (left && this.#waiting === 0) this.#abandon?.abort(new ListenAbandoned());
        settle();
      };
      const onAbort = (): void => finish(true, () => reject(reasonOf(signal)));
      signal?.addEventListener('abort', onAbort, { once: true });
      if (timeout !== undefined) cancelTimer = after(timeout, () => finish(true, () => reject(timedOut())));
      sync.then(
        () => finish(false, resolve),
        (error: unknown) => finish(false, () => reject(error instanceof Error ? error : new Error(String(error)))),
      );
    });
  }
}

/** Why the call stopped waiting: its signal's reason, as an Error. */
export function reasonOf(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new Error(typeof reason === 'string' ? reason : 'cancelled');
}
