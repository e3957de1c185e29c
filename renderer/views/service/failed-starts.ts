import type { StateChange } from '../../../shared/api';

/** Starts that ended in an error before the server was ready, as far as the state history goes back: crashes count only what ran. */
export function failedStarts(history: readonly StateChange[]): number {
  let count = 0;
  for (let at = 1; at < history.length; at++) if (history[at]?.state === 'error' && history[at - 1]?.state === 'starting') count += 1;
  return count;
}
