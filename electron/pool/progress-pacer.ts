import type { CallProgress } from './types';

/** A call's progress notifications passed on at most this often (ms apart) once its burst is spent: 10 a second. */
export const PROGRESS_INTERVAL_MS = 100;
/** How many may pass back to back: a short task's every step is shown. */
export const PROGRESS_BURST = 10;

/**
 * Progress of one call, paced as a receiver may (MCP basic/utilities/progress: either side may
 * rate-limit): a server could send thousands a second, each one relayed to the agent or the window.
 * A bucket of PROGRESS_BURST, refilled one each PROGRESS_INTERVAL_MS: a few steps pass as sent, a flood
 * at 10 a second; those between are dropped, as each passed one carries the newest value. The first one
 * that says the work is done (progress reaching a positive total) always passes; the server writes
 * `total`, so later ones are paced like the rest.
 */
export function pacedProgress(send: (progress: CallProgress) => void, now: () => number): (progress: CallProgress) => void {
  let tokens = PROGRESS_BURST;
  let filled = now();
  let doneSent = false;
  return (progress) => {
    const at = now();
    const earned = Math.floor((at - filled) / PROGRESS_INTERVAL_MS);
    if (earned > 0) {
      tokens = Math.min(PROGRESS_BURST, tokens + earned);
      filled = tokens === PROGRESS_BURST ? at : filled + earned * PROGRESS_INTERVAL_MS;
    }
    const done = !doneSent && progress.total !== undefined && progress.total > 0 && progress.progress >= progress.total;
    if (done) doneSent = true;
    else {
      if (tokens < 1) return;
      tokens -= 1;
    }
    send(progress);
  };
}
