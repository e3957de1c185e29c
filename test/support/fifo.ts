import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';

/** A FIFO at `file` with no writer: a plain open of it for reading blocks until one comes (POSIX open(2)). */
export function makeFifo(file: string): string {
  execFileSync('mkfifo', [file]);
  return file;
}

/**
 * What `work` gives, or a failure after `ms`: a read that blocks on `fifo` fails the test instead of
 * hanging the suite. The FIFO is then opened for writing and closed, so a blocked read gets its end of
 * file and the test worker can still exit.
 */
export async function settlesWithin<T>(work: Promise<T>, fifo: string, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      try {
        closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // No reader waits on it (ENXIO): nothing to release.
      }
      reject(new Error(`still waiting after ${ms} ms: something read the FIFO ${fifo}`));
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
