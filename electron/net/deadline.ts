/** A time limit the caller holds, and ends with `clear()` once the work it bounds is done. */
export interface Deadline {
  readonly signal: AbortSignal;
  clear(): void;
}

/**
 * An AbortController aborted by a plain timer, which the caller's signals also abort (by listeners
 * removed in `clear`). Not `AbortSignal.any([…, AbortSignal.timeout(ms)])`: on Node 20 a timeout signal
 * held only by that composite can be garbage-collected and then never fires. The timer is unref'd: the
 * request it bounds keeps the process alive, the limit alone does not.
 */
export function deadline(ms: number, parents: readonly (AbortSignal | null | undefined)[], reason: () => Error): Deadline {
  const controller = new AbortController();
  const held = parents.filter((s): s is AbortSignal => s !== undefined && s !== null);
  const onAbort = (event: Event): void => controller.abort((event.target as AbortSignal).reason);
  const timer = setTimeout(() => controller.abort(reason()), ms);
  timer.unref();
  for (const signal of held) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', onAbort, { once: true });
  }
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      for (const signal of held) signal.removeEventListener('abort', onAbort);
    },
  };
}
