import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { withFileLock } from '../fs-safe';

export interface AuthLockOptions {
  /** How long a lock without an owner record is honoured (see LockOptions in fs-safe); a lock whose owner runs is never taken. */
  staleMs: number;
  /** How long to wait for another process's refresh. */
  timeoutMs: number;
}

export const DEFAULT_AUTH_LOCK: AuthLockOptions = { staleMs: 10_000, timeoutMs: 30_000 };

/** The lock file of one token record, in `<dataDir>/auth-locks` (names hashed: no user text in paths). */
export function lockPathFor(dataDir: string, name: string): string {
  return join(dataDir, 'auth-locks', createHash('sha256').update(name).digest('hex').slice(0, 32));
}

/**
 * Runs `fn` holding a cross-process lock on one token record, so the app and CLI commands never
 * refresh one token at once. `assertHeld` throws if the lock is no longer ours: call it right before
 * spending a single-use refresh token.
 */
export async function withAuthLock<T>(path: string, options: AuthLockOptions, fn: (assertHeld: () => void) => Promise<T>): Promise<T> {
  await mkdir(join(path, '..'), { recursive: true, mode: 0o700 });
  return withFileLock(path, { ...options, label: 'a token record' }, fn);
}
