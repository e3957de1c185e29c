import { constants } from 'node:os';

/** The signals that stop `serve`; the desktop app is stopped by SIGINT and SIGTERM. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Where the signals come from (the process) and how the app exits (process.exit; the desktop's app.exit). */
export interface SecondSignalOptions {
  signals?: Pick<NodeJS.Process, 'once' | 'off'>;
  exit?: (code: number) => void;
  /** The signals listened to: STOP_SIGNALS unless given. */
  names?: readonly NodeJS.Signals[];
}

/**
 * A second signal while the app stops ends it at once, as the signal alone would (128 + its number),
 * but `first` runs before: what must not be lost is written (the audit's counts of the minute, kept in
 * memory until a close this exit skips). Lines still queued are written at `exit` (fs-safe's JsonlLog).
 * Returns the listeners' removal.
 */
export function onSecondSignal(first: () => void, options: SecondSignalOptions = {}): () => void {
  const signals = options.signals ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const names = options.names ?? STOP_SIGNALS;
  const now = (signal: NodeJS.Signals): void => {
    try {
      first();
    } catch {
      // Exiting at the person's word: nothing may hold it up.
    }
    exit(128 + (constants.signals[signal] ?? 0));
  };
  for (const signal of names) signals.once(signal, now);
  return () => {
    for (const signal of names) signals.off(signal, now);
  };
}
