import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { CodedError } from '../../shared/errors';

export interface AuthLockOptions {
  /** A lock not refreshed for this long belongs to a dead process and is taken over. */
  staleMs: number;
  /** How long to wait for another process's refresh. */
  timeoutMs: number;
}

export const DEFAULT_AUTH_LOCK: AuthLockOptions = { staleMs: 10_000, timeoutMs: 30_000 };

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The lock file of one token record, in `<dataDir>/auth-locks` (names hashed: no user text in paths). */
export function lockPathFor(dataDir: string, name: string): string {
  return join(dataDir, 'auth-locks', createHash('sha256').update(name).digest('hex').slice(0, 32));
}

/**
 * Runs `fn` holding a cross-process lock (proper-lockfile: an atomic mkdir of `<path>.lock`, refreshed
 * while held, taken over when stale), so the app and CLI commands never refresh one token at once.
 */
export async function withAuthLock<T>(path: string, options: AuthLockOptions, fn: () => Promise<T>): Promise<T> {
  await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
  const deadline = Date.now() + options.timeoutMs;
  let release: (() => Promise<void>) | undefined;
  while (release === undefined) {
    try {
      release = await lockfile.lock(path, { realpath: false, stale: options.staleMs, retries: 0, onCompromised: () => undefined });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      if (Date.now() >= deadline) {
        throw new CodedError('timeout', `Another process held the token lock ${path}.lock for more than ${Math.round(options.timeoutMs / 1000)} s.`, {
          hint: `Try again; if no connected-services process is running, remove ${path}.lock.`,
        });
      }
      await delay(5 + Math.floor(Math.random() * 25));
    }
  }
  try {
    return await fn();
  } finally {
    await release().catch(() => undefined);
  }
}
