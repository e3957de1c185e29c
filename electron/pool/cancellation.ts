/**
 * A call's cancellation as the pool reads it. An AbortSignal is one; `LazyAbort` is one that makes its
 * AbortSignal only when something asks for it. On Node 20 an AbortController and a listener on its
 * signal cost the bridge's hot path ~15 µs a call (bench: CPU per call), while a call that is never
 * cancelled needs only somewhere to put its one listener.
 */
export interface Cancellation {
  readonly aborted: boolean;
  readonly reason: unknown;
  /** A real AbortSignal (for the SDK's path, fetch, the approval queue): made on first read. */
  readonly signal: AbortSignal;
  /** `listener` runs once when it aborts (not if it already has: check `aborted` first); returns its remover. */
  onAbort(listener: () => void): () => void;
}

function abortError(): DOMException {
  // What AbortController.abort() without a reason gives.
  return new DOMException('This operation was aborted', 'AbortError');
}

/** Aborted by its owner; an AbortController only once `signal` is read. */
export class LazyAbort implements Cancellation {
  #aborted = false;
  #reason: unknown;
  #controller: AbortController | undefined;
  #listeners: Array<() => void> | undefined;

  get aborted(): boolean {
    return this.#aborted;
  }

  get reason(): unknown {
    return this.#reason;
  }

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  abort(reason?: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason === undefined ? abortError() : reason;
    this.#controller?.abort(this.#reason);
    const listeners = this.#listeners;
    this.#listeners = undefined;
    for (const listener of listeners ?? []) listener();
  }

  onAbort(listener: () => void): () => void {
    if (this.#aborted) return () => undefined;
    (this.#listeners ??= []).push(listener);
    return () => {
      const at = this.#listeners?.indexOf(listener) ?? -1;
      if (at >= 0) this.#listeners?.splice(at, 1);
    };
  }
}

class SignalCancellation implements Cancellation {
  constructor(readonly signal: AbortSignal) {}

  get aborted(): boolean {
    return this.signal.aborted;
  }

  get reason(): unknown {
    return this.signal.reason as unknown;
  }

  onAbort(listener: () => void): () => void {
    this.signal.addEventListener('abort', listener, { once: true });
    return () => this.signal.removeEventListener('abort', listener);
  }
}

/** Either kind as a Cancellation (an AbortSignal is wrapped). */
export function cancellationOf(source: AbortSignal | Cancellation): Cancellation;
export function cancellationOf(source: AbortSignal | Cancellation | undefined): Cancellation | undefined;
export function cancellationOf(source: AbortSignal | Cancellation | undefined): Cancellation | undefined {
  if (source === undefined) return undefined;
  // By shape, not instanceof: an AbortSignal of another realm (a test environment's) is still one.
  return typeof (source as Partial<Cancellation>).onAbort === 'function' ? (source as Cancellation) : new SignalCancellation(source as AbortSignal);
}
