/**
 * How long a round of a held call (input-rounds.ts) waits, after the server's latest request, for
 * more sent with it. A 2025-era server's requests of one call reach the bridge over several reads:
 * each is its own message, and the SDK's legacy shim sends each as its leg gets to it (tens of ms
 * apart, more on a loaded machine), so one event-loop turn cannot put them in one result
 * (MCP 2026-07-28 basic/patterns/mrtr §InputRequests: several in one result).
 */
export const DEFAULT_GATHER_QUIET_MS = 250;
/** The longest a round gathers, however a server's requests trickle in. */
export const MAX_GATHER_MS = 2_000;

/** How long an agent has to retry after an `input_required` result, by default (as long as a server's request may wait: DEFAULT_ASK_TIMEOUT_MS). */
export const DEFAULT_ROUND_WINDOW_MS = 5 * 60_000;

/** The retry window as given: fixed, or read at each round (`settings.inputRoundWindowMs`, changed while running); none: the default. */
export type RetryWindow = number | (() => number | undefined);

export function retryWindow(given: RetryWindow | undefined): () => number {
  if (typeof given === 'function') return () => given() ?? DEFAULT_ROUND_WINDOW_MS;
  const fixed = given ?? DEFAULT_ROUND_WINDOW_MS;
  return () => fixed;
}

/** The bound of one round's gathering, from its first request on. */
export class GatherDeadline {
  over = false;
  readonly #timer = setTimeout(() => (this.over = true), MAX_GATHER_MS);

  stop(): void {
    clearTimeout(this.#timer);
  }
}

/** Waits `ms`, or until `wake` is called (then false); `arm` receives the waker. */
export function pause(ms: number, arm: (wake: (() => void) | undefined) => void): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      arm(undefined);
      resolve(true);
    }, ms);
    arm(() => {
      clearTimeout(timer);
      arm(undefined);
      resolve(false);
    });
  });
}
