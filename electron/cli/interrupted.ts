/** Resolves on Ctrl-C (or SIGTERM) while listened to: the command then ends as it chooses, closing what it opened. */
export function interrupted(): { promise: Promise<void>; off: () => void } {
  let done: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (done = resolve));
  process.once('SIGINT', done);
  process.once('SIGTERM', done);
  return { promise, off: () => (process.off('SIGINT', done), process.off('SIGTERM', done)) };
}

/** The exit code of a command ended by Ctrl-C (128 + SIGINT's number, as shells report it). */
export const EXIT_INTERRUPTED = 130;
