/** Runs a task when its turn comes; resolves or rejects as the task does. */
export type Scheduler = <T>(task: () => Promise<T>) => Promise<T>;

/** Runs a task now: for one store made on its own (a test, a single server). */
export const runNow: Scheduler = (task) => task();

/**
 * Tasks one after another, each once the event loop has handled the I/O waiting before it
 * (`setImmediate`). For work queued by the dozen at start-up, the cached inventories of 50 servers:
 * started at once, their reads' callbacks and parses ran back to back ahead of the start-up's own
 * steps and of the first requests (health, the UI's), which came ~10 ms later with 50 servers.
 * A task that fails does not stop the ones after it.
 */
export function oneAtATime(next: (run: () => void) => void = setImmediate): Scheduler {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const turn = tail.then(() => new Promise<void>((resolve) => next(resolve))).then(task);
    tail = turn.catch(() => undefined);
    return turn;
  };
}
