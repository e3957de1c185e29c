import lockfile from 'proper-lockfile';
import { CodedError } from '../../shared/errors';

export interface FileLockOptions {
  /** A lock not refreshed for this long belongs to a dead process and is taken over (min 2000). */
  staleMs: number;
  /** How long to wait for another process's lock before giving up. */
  timeoutMs: number;
}

export const DEFAULT_LOCK: FileLockOptions = { staleMs: 10_000, timeoutMs: 20_000 };

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` holding `<file>.lock` (proper-lockfile: an atomic mkdir, refreshed while held, taken over
 * when stale). `assertHeld` throws if the lock was lost meanwhile (e.g. the process was frozen past
 * `staleMs` and another took it), so a late writer never renames over a newer file.
 */
export async function withFileLock<T>(
  file: string,
  options: FileLockOptions,
  fn: (assertHeld: () => void) => Promise<T>,
): Promise<T> {
  let compromised = false;
  const deadline = Date.now() + options.timeoutMs;
  let release: (() => Promise<void>) | undefined;
  while (release === undefined) {
    try {
      release = await lockfile.lock(file, {
        realpath: false,
        stale: options.staleMs,
        retries: 0,
        onCompromised: () => {
          compromised = true;
        },
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      if (Date.now() >= deadline) {
        throw new CodedError(
          'timeout',
          `Another process has held the vault lock ${file}.lock for more than ${Math.round(options.timeoutMs / 1000)} s.`,
          { hint: `Try again; if no connected-services process is running, remove ${file}.lock.` },
        );
      }
      await delay(5 + Math.floor(Math.random() * 30));
    }
  }
  const assertHeld = (): void => {
    if (compromised) {
      throw new CodedError('internal', `The vault lock ${file}.lock was taken over by another process; nothing was written.`, {
        hint: 'Try again.',
      });
    }
  };
  try {
    return await fn(assertHeld);
  } finally {
    await release().catch(() => undefined);
  }
}
