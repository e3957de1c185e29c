import { constants } from 'node:os';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * A second signal while the app stops ends it at once, as the signal alone would, but `first` runs
 * before: what must not be lost is written (the audit's counts of the minute, kept in memory until a
 * close this exit skips). Lines still queued are written at `exit` (fs-safe's JsonlLog). Returns the
 * listeners' removal.
 */
export function onSecondSignal(first: () => void): () => void {
  const now = (signal: NodeJS.Signals): void => {
    try {
      first();
    } catch {
      // Exiting at the person's word: nothing may hold it up.
    }
    process.exit(128 + (constants.signals[signal] ?? 0));
  };
  for (const signal of STOP_SIGNALS) process.once(signal, now);
  return () => {
    for (const signal of STOP_SIGNALS) process.off(signal, now);
  };
}
