import { onSecondSignal } from '../app';

/** The desktop app is stopped by these, as by Quit. */
export const QUIT_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export interface QuitSignalsOptions {
  /** Electron's app: quit starts the stop (before-quit), exit ends the process at once. */
  app: { quit(): void; exit(code: number): void };
  /** Run before a second signal exits: the audit's counts of the minute written (as `serve` does). */
  beforeExit: () => void;
  signals?: Pick<NodeJS.Process, 'once' | 'off'>;
}

/**
 * SIGINT or SIGTERM quits as the menu's Quit does; one while the stop runs (the servers' grace, a
 * stop step that hangs) ends the app at once with 128 + the signal's number, `beforeExit` first.
 * Returns `stopping`, called when the stop starts; it returns the second signal's removal.
 */
export function quitOnSignals(options: QuitSignalsOptions): { stopping: () => () => void } {
  const signals = options.signals ?? process;
  for (const signal of QUIT_SIGNALS) signals.once(signal, () => options.app.quit());
  return {
    stopping: () => onSecondSignal(options.beforeExit, { signals, names: QUIT_SIGNALS, exit: (code) => options.app.exit(code) }),
  };
}
