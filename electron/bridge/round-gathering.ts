/**
 * How long a round of a held call (held-call.ts) waits, after the server's latest request, for
 * more sent with it. A 2025-era server's requests of one call reach the bridge over several reads:
 * each is its own message, and the SDK's legacy shim sends each as its leg gets to it (tens of ms
 * apart, more on a loaded machine), so one event-loop turn cannot put them in one result
 * (MCP 2026-07-28 basic/patterns/mrtr §InputRequests: several in one result).
 */
export const DEFAULT_GATHER_QUIET_MS = 250;
/** The longest a round gathers, however a server's requests trickle in (by default). */
export const MAX_GATHER_MS = 2_000;
/** Bounds of the settings (`settings.inputRoundQuietMs`, `settings.inputRoundGatherMaxMs`; shared/config/schema.ts). */
export const GATHER_QUIET_LIMIT_MS = 5_000;
export const GATHER_MAX_LIMIT_MS = 60_000;

/** One round's gathering: the quiet that ends it and the bound from its first request on. */
export interface GatherTimes {
  quietMs: number;
  maxMs: number;
}

/** The gathering as set (read at each round, so a change to mcp.json applies at once); unset: the defaults. */
export type GatherSetting = () => { quietMs?: number | undefined; maxMs?: number | undefined } | undefined;

/**
 * The times of each round's gathering: a fixed quiet (`fixedQuietMs`, the unit tests'), else the
 * setting's, clamped to the settings' bounds; the bound is never below the quiet (a bound below it
 * would end every gathering before its first quiet could).
 */
export function gatherTimes(setting: GatherSetting | undefined, fixedQuietMs?: number): () => GatherTimes {
  return () => {
    const given = setting?.();
    const quietMs = Math.min(Math.max(fixedQuietMs ?? given?.quietMs ?? DEFAULT_GATHER_QUIET_MS, 0), GATHER_QUIET_LIMIT_MS);
    const maxMs = Math.max(Math.min(given?.maxMs ?? MAX_GATHER_MS, GATHER_MAX_LIMIT_MS), quietMs);
    return { quietMs, maxMs };
  };
}

/** How long an agent has to retry after an `input_required` result, by default (as long as a server's request may wait: DEFAULT_ASK_TIMEOUT_MS). */
export const DEFAULT_ROUND_WINDOW_MS = 5 * 60_000;

/** The retry window as given: fixed, or read at each round (`settings.inputRoundWindowMs`, changed while running); none: the default. */
export type RetryWindow = number | (() => number | undefined);

export function retryWindow(given: RetryWindow | undefined): () => number {
  if (typeof given === 'function') return () => given() ?? DEFAULT_ROUND_WINDOW_MS;
  const fixed = given ?? DEFAULT_ROUND_WINDOW_MS;
  return () => fixed;
}

/** The bound of one round's gathering, from its first request on; `quietMs`: the quiet that ends it sooner. */
export class GatherDeadline {
  over = false;
  readonly quietMs: number;
  readonly #timer: ReturnType<typeof setTimeout>;

  constructor(times: GatherTimes = { quietMs: DEFAULT_GATHER_QUIET_MS, maxMs: MAX_GATHER_MS }) {
    this.quietMs = times.quietMs;
    this.#timer = setTimeout(() => (this.over = true), times.maxMs);
  }

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
