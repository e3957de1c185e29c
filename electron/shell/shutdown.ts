import { errorMessage } from '../../shared/errors';
export interface ShutdownStep {
  name: string;
  run: () => Promise<void> | void;
}

export interface ShutdownOptions {
  log: (line: string) => void;
  /** Past this, quitting goes on without the steps still running (a hung server must not keep the app alive). */
  deadlineMs: number;
  /** Injected so tests control time; returns a cancel function. */
  schedule?: (callback: () => void, ms: number) => () => void;
}

const defaultSchedule = (callback: () => void, ms: number): (() => void) => {
  const timer = setTimeout(callback, ms);
  return () => clearTimeout(timer);
};

/**
 * Quitting: runs the steps in order (stop taking calls, stop servers, flush the vault), each even
 * when an earlier one failed, within a deadline. Idempotent: every call gets the same promise.
 */
export function createShutdown(steps: () => readonly ShutdownStep[], options: ShutdownOptions): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => {
    running ??= new Promise<void>((resolve) => {
      let current = 'starting';
      const cancel = (options.schedule ?? defaultSchedule)(() => {
        options.log(`quitting without waiting longer for: ${current}`);
        resolve();
      }, options.deadlineMs);
      void (async () => {
        for (const step of steps()) {
          current = step.name;
          try {
            await step.run();
          } catch (error) {
            options.log(`${step.name} failed while quitting: ${errorMessage(error)}`);
          }
        }
        cancel();
        resolve();
      })();
    });
    return running;
  };
}
