import { defaultSetTimer, type SetTimer } from './idle-timer';
import type { CallProgress } from './types';

/** A call's progress notifications passed on at most this often (ms apart) once its burst is spent: 10 a second. */
export const PROGRESS_INTERVAL_MS = 100;
/** How many may pass back to back: a short task's every step is shown. */
export const PROGRESS_BURST = 10;

/** A call's paced progress; `end()` when the call ended: nothing held is sent after it. */
export interface PacedProgress {
  (progress: CallProgress): void;
  end(): void;
}

/**
 * Progress of one call, paced as a receiver may (MCP basic/utilities/progress: either side may
 * rate-limit): a server could send thousands a second, each one relayed to the agent or the window.
 * A bucket of PROGRESS_BURST, refilled one each PROGRESS_INTERVAL_MS: a few steps pass as sent, a flood
 * at 10 a second. One over the rate is held, the newest replacing the one before, and sent when the
 * bucket refills, unless a newer one passed first or the call ended: the last step before a long quiet
 * is not lost. The first one that says the work is done (progress reaching a positive total) always
 * passes; the server writes `total`, so later ones are paced like the rest.
 */
export function pacedProgress(send: (progress: CallProgress) => void, now: () => number, setTimer: SetTimer = defaultSetTimer): PacedProgress {
  let tokens = PROGRESS_BURST;
  let filled = now();
  let doneSent = false;
  let ended = false;
  let held: CallProgress | undefined;
  let cancelTimer: (() => void) | undefined;
  const refill = (at: number): void => {
    const earned = Math.floor((at - filled) / PROGRESS_INTERVAL_MS);
    if (earned <= 0) return;
    tokens = Math.min(PROGRESS_BURST, tokens + earned);
    filled = tokens === PROGRESS_BURST ? at : filled + earned * PROGRESS_INTERVAL_MS;
  };
  const flush = (): void => {
    cancelTimer = undefined;
    if (ended || held === undefined) return;
    const at = now();
    refill(at);
    // A timer that fired before the clock reached the refill waits again.
    if (tokens < 1) return arm(at);
    tokens -= 1;
    const progress = held;
    held = undefined;
    send(progress);
  };
  const arm = (at: number): void => {
    if (cancelTimer === undefined) cancelTimer = setTimer(flush, Math.max(0, filled + PROGRESS_INTERVAL_MS - at));
  };
  const paced = (progress: CallProgress): void => {
    if (ended) return;
    const at = now();
    refill(at);
    const done = !doneSent && progress.total !== undefined && progress.total > 0 && progress.progress >= progress.total;
    if (done) doneSent = true;
    else if (tokens < 1) {
      held = progress;
      return arm(at);
    } else tokens -= 1;
    // What is held is older than this one.
    held = undefined;
    send(progress);
  };
  paced.end = (): void => {
    ended = true;
    held = undefined;
    cancelTimer?.();
    cancelTimer = undefined;
  };
  return paced;
}
