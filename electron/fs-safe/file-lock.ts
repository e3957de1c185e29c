import lockfile from 'proper-lockfile';
import { CodedError } from '../../shared/errors';
import { errnoCode, fsFailure } from './fs-errors';

export interface LockOptions {
  /** A lock not refreshed for this long belongs to a dead process and is taken over (min 2000). */
  staleMs: number;
  /** How long to wait for another process's lock before giving up. */
  timeoutMs: number;
  /** What the lock guards, for messages ("the vault", "agents.json"). */
  label?: string;
}

export const DEFAULT_LOCK: LockOptions = { staleMs: 10_000, timeoutMs: 20_000 };

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` holding `<path>.lock` across processes (proper-lockfile: an atomic mkdir, refreshed while
 * held, taken over when stale). `assertHeld` throws if the lock was lost meanwhile (the process froze
 * past `staleMs` and another took it), so a late writer never renames over a newer file.
 */
export async function withFileLock<T>(path: string, options: LockOptions, fn: (assertHeld: () => void) => Promise<T>): Promise<T> {
  const label = options.label ?? path;
  let compromised = false;
  const deadline = Date.now() + options.timeoutMs;
  let release: (() => Promise<void>) | undefined;
  while (release === undefined) {
    try {
      release = await lockfile.lock(path, {
        realpath: false,
        stale: options.staleMs,
        retries: 0,
        onCompromised: () => {
          compromised = true;
        },
      });
    } catch (error) {
      if (errnoCode(error) !== 'ELOCKED') throw fsFailure(error, 'lock', path);
      if (Date.now() >= deadline) {
        throw new CodedError('timeout', `Another process kept ${label} locked (${path}.lock) for more than ${Math.round(options.timeoutMs / 1000)} s.`, {
          hint: `Try again in a moment; if no Connected Services process is running, remove ${path}.lock.`,
        });
      }
      await delay(5 + Math.floor(Math.random() * 30));
    }
  }
  const assertHeld = (): void => {
    if (compromised) {
      throw new CodedError('internal', `The lock on ${label} was taken over by another process; nothing was written.`, { hint: 'Try again.' });
    }
  };
  try {
    return await fn(assertHeld);
  } finally {
    await release().catch(() => undefined);
  }
}

/** Edits of one file, one at a time: in order inside this process, and under its lock across processes. */
export class FileLock {
  readonly #path: string;
  readonly #options: LockOptions;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(path: string, options: Partial<LockOptions> = {}) {
    this.#path = path;
    this.#options = { ...DEFAULT_LOCK, ...options };
  }

  get lockPath(): string {
    return `${this.#path}.lock`;
  }

  run<T>(fn: (assertHeld: () => void) => Promise<T>): Promise<T> {
    const result = this.#queue.then(() => withFileLock(this.#path, this.#options, fn));
    this.#queue = result.catch(() => undefined);
    return result;
  }
}
