import type { CallProgress } from './types';

/** A call's progress notifications passed on at most this often (ms apart): 10 a second. */
export const PROGRESS_INTERVAL_MS = 100;

/**
 * Progress of one call, paced as a receiver may (MCP basic/utilities/progress: either side may
 * rate-limit): a server could send thousands a second, each one relayed to the agent or the window.
 * One passes when the last passed is PROGRESS_INTERVAL_MS old; those between are dropped, as each
 * passed one carries the newest value. The one that says the work is done always passes.
 */
export function pacedProgress(send: (progress: CallProgress) => void, now: () => number): (progress: CallProgress) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (progress) => {
    const at = now();
    const done = progress.total !== undefined && progress.progress >= progress.total;
    if (!done && at - last < PROGRESS_INTERVAL_MS) return;
    last = at;
    send(progress);
  };
}
