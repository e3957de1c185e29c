import { unlink } from 'node:fs/promises';
import { CodedError } from '../../shared/errors';
import { errnoCode, fsFailure } from './fs-errors';
import { holds, tryCreate } from './lock-create';
import { inspectLock, removeStaleEntry, type LockEntry } from './lock-entry';
import { keepLock } from './lock-keeper';
import { describeOwner, markHeld, ownerProven, ownerRecord, ownerStatus, systemProbe, type LockOwner, type ProcessProbe } from './lock-owner';

export interface LockOptions {
  /**
   * How long a lock without an owner record is honoured: a folder left by an earlier version (which
   * used proper-lockfile), or a file whose owner died between creating it and writing the record.
   * A lock with a record is taken over only when its owner process is gone, however old it is.
   */
  staleMs: number;
  /** How long to wait for another process's lock before giving up. */
  timeoutMs: number;
  /** What the lock guards, for messages ("the vault", "agents.json"). */
  label?: string;
}

export const DEFAULT_LOCK: LockOptions = { staleMs: 10_000, timeoutMs: 20_000 };

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * Why not proper-lockfile any more: it decides staleness by the lock's mtime, which its owner refreshes
 * on a timer. A stopped owner (SIGSTOP, Ctrl-Z, a suspended laptop) stops refreshing, so after `stale`
 * another process took the lock while the owner's single-use refresh token was on the wire; and a crashed
 * owner's lock blocked everyone for `stale`. Here the lock file names its owner (pid, host, boot id and
 * process start time, a random nonce) and is taken over exactly when that process is gone.
 */

async function isStale(entry: LockEntry, staleMs: number, busy?: BusyLock): Promise<boolean> {
  // A lock held for a life (holdLock) is kept only by an owner proven to be the one that took it.
  if (entry.kind === 'owner') return busy ? !(await ownerProven(entry.owner, systemProbe)) : (await ownerStatus(entry.owner, systemProbe)) === 'dead';
  if (entry.kind === 'ownerless') return Date.now() - entry.mtimeMs > staleMs;
  return false;
}

/** Refuses at once to wait for a live owner's lock, with the reason to give; undefined waits as usual. */
type BusyLock = (owner: LockOwner) => Error;

async function acquire(lockPath: string, options: LockOptions, label: string, busy?: BusyLock): Promise<LockOwner> {
  const owner = await ownerRecord(systemProbe, new Date());
  const deadline = Date.now() + options.timeoutMs;
  let lateTakeovers = 0;
  for (;;) {
    // Marked before creating so a concurrent lock of this process sees the record as a live one.
    markHeld(owner, true);
    try {
      if (await tryCreate(lockPath, owner)) return owner;
    } catch (error) {
      markHeld(owner, false);
      throw fsFailure(error, 'lock', lockPath);
    }
    markHeld(owner, false);
    const entry = await inspectLock(lockPath).catch((error: unknown) => {
      throw fsFailure(error, 'read the lock', lockPath);
    });
    const stale = await isStale(entry, options.staleMs, busy);
    // A proven owner may be stopping (runtime.json is gone before its servers are): waited for, then refused.
    if (busy && !stale && entry.kind === 'owner' && Date.now() >= deadline) throw busy(entry.owner);
    if (stale) {
      await removeStaleEntry(lockPath, entry).catch((error: unknown) => {
        throw fsFailure(error, 'take over the stale lock', lockPath);
      });
    }
    // Before every retry: an entry that is there to create and gone to read (or stale again each time)
    // must not spin past the deadline. A stale lock just removed still gets its attempt (two at most):
    // a slow removal is no reason to give up.
    if (Date.now() >= deadline && !(stale && ++lateTakeovers <= 2)) throw lockTimeout(lockPath, entry, options, label);
    await delay(entry.kind === 'gone' || stale ? 1 + Math.floor(Math.random() * 4) : 5 + Math.floor(Math.random() * 30));
  }
}

function lockTimeout(lockPath: string, entry: LockEntry, options: LockOptions, label: string): CodedError {
  const holder = entry.kind === 'owner' ? ` (${describeOwner(entry.owner, systemProbe)})` : '';
  const elsewhere = entry.kind === 'owner' && entry.owner.host !== systemProbe.hostname();
  return new CodedError('timeout', `Another process${holder} kept ${label} locked (${lockPath}) for more than ${Math.round(options.timeoutMs / 1000)} s.`, {
    hint: elsewhere
      ? `The lock belongs to another computer sharing this folder, which is not supported; if nothing runs there, remove ${lockPath}.`
      : `Try again in a moment; if no Connected Services process is running, remove ${lockPath}.`,
  });
}

async function release(lockPath: string, owner: LockOwner): Promise<void> {
  markHeld(owner, false);
  // Only our own lock is removed; a live owner's lock is never taken, so nobody replaces ours meanwhile.
  if (!holds(lockPath, owner)) return;
  // A lock left behind would stay ours (this process lives on) and block the others: retry while
  // Windows reports the file busy (a reader has it open).
  for (let attempt = 0; ; attempt += 1) {
    try {
      await unlink(lockPath);
      return;
    } catch (error) {
      const code = errnoCode(error);
      if (code === 'ENOENT' || attempt >= 20 || !(code === 'EPERM' || code === 'EBUSY' || code === 'EACCES')) return;
      await delay(10 + attempt * 10);
    }
  }
}

/**
 * Runs `fn` holding `<path>.lock` across processes. `assertHeld` throws if the lock is no longer ours
 * (removed by hand, or lost in a race described in lock-entry.ts), so a late writer never renames over
 * a newer file.
 */
export async function withFileLock<T>(path: string, options: LockOptions, fn: (assertHeld: () => void) => Promise<T>): Promise<T> {
  const label = options.label ?? path;
  const lockPath = `${path}.lock`;
  const owner = await acquire(lockPath, options, label);
  const assertHeld = (): void => {
    if (!holds(lockPath, owner)) {
      throw new CodedError('internal', `The lock on ${label} was taken over by another process; nothing was written.`, { hint: 'Try again.' });
    }
  };
  try {
    return await fn(assertHeld);
  } finally {
    await release(lockPath, owner);
  }
}

/**
 * Takes `lockPath` and keeps it until the returned release runs, for a process's life. A lock whose
 * owner is not proven to hold it (died, kill -9, a crash; its pid taken by another process where no
 * start time is recorded; another host name) is taken over; one whose owner is proven is waited for
 * up to `timeoutMs` (it may be stopping), then refused by `busy`. Removed or replaced meanwhile, the
 * lock is written back (lock-keeper.ts); `lost` hears of another live process holding it instead.
 */
export async function holdLock(lockPath: string, options: LockOptions, busy: BusyLock, lost: (owner: LockOwner) => void = () => undefined): Promise<() => Promise<void>> {
  const owner = await acquire(lockPath, options, options.label ?? lockPath, busy);
  const stopKeeping = keepLock(lockPath, owner, lost);
  let held = true;
  return async () => {
    if (!held) return;
    held = false;
    await stopKeeping();
    await release(lockPath, owner);
  };
}

/**
 * The process provably holding `lockPath` (holdLock's rule), for a reader that must not act beside
 * it; undefined when the lock is free, has no record yet, or its owner is not proven (gone, a pid
 * without a start time, another host name), which the next start takes over.
 */
export async function provenHolder(lockPath: string, probe: ProcessProbe = systemProbe): Promise<LockOwner | undefined> {
  const entry = await inspectLock(lockPath).catch((error: unknown) => {
    throw fsFailure(error, 'read the lock', lockPath);
  });
  if (entry.kind !== 'owner') return undefined;
  return (await ownerProven(entry.owner, probe)) ? entry.owner : undefined;
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
