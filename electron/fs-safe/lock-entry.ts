import { lstat, open, rm, unlink } from 'node:fs/promises';
import { errnoCode } from './fs-errors';
import { LockOwnerSchema, MAX_OWNER_BYTES, type LockOwner } from './lock-owner';
import { readTextFile } from './read-text-file';

/**
 * What is at a lock path. `owner`: a lock with its record. `ownerless`: a folder (the mkdir locks of
 * earlier versions, which used proper-lockfile) or a file whose record is not written yet or is broken,
 * or anything else (a symlink, a FIFO), which no version of ours made.
 */
export type LockEntry =
  | { kind: 'gone' }
  | { kind: 'owner'; owner: LockOwner; ino: number }
  | { kind: 'ownerless'; ino: number; mtimeMs: number; dir: boolean };

function parseOwner(text: string): LockOwner | undefined {
  try {
    const parsed = LockOwnerSchema.safeParse(JSON.parse(text), { jitless: true });
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export async function inspectLock(path: string): Promise<LockEntry> {
  try {
    const stat = await lstat(path);
    if (stat.isDirectory()) return { kind: 'ownerless', ino: stat.ino, mtimeMs: stat.mtimeMs, dir: true };
    // Never one of ours (the lock is created with O_EXCL, which does not follow a link), nor followed:
    // a dangling one reads as ENOENT, one to a FIFO blocks. Stale at once (mtimeMs 0); removed, not its target.
    if (!stat.isFile()) return { kind: 'ownerless', ino: stat.ino, mtimeMs: 0, dir: false };
    const owner = parseOwner(await readTextFile(path, MAX_OWNER_BYTES));
    if (owner) return { kind: 'owner', owner, ino: stat.ino };
    return { kind: 'ownerless', ino: stat.ino, mtimeMs: stat.mtimeMs, dir: false };
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return { kind: 'gone' };
    throw error;
  }
}

const BUSY = new Set(['ENOENT', 'EPERM', 'EBUSY', 'EACCES']);

/** Same inode and same owner: inode numbers alone are reused as soon as a file is deleted. */
function sameEntry(a: LockEntry, b: LockEntry): boolean {
  if (a.kind === 'owner' && b.kind === 'owner') return a.ino === b.ino && a.owner.nonce === b.owner.nonce;
  if (a.kind === 'ownerless' && b.kind === 'ownerless') return a.ino === b.ino && a.mtimeMs === b.mtimeMs && a.dir === b.dir;
  return false;
}

/**
 * How long a takeover guard is honoured. Its holder only looks at the lock and removes it, a matter
 * of milliseconds: a guard older than this was left by a process that died holding it.
 */
export const TAKEOVER_GUARD_STALE_MS = 10_000;

/** The guard one taker at a time holds while it removes a stale entry. */
export function takeoverGuard(path: string): string {
  return `${path}.takeover`;
}

async function removeDeadGuard(guard: string): Promise<void> {
  const info = await lstat(guard).catch(() => undefined);
  if (info !== undefined && Date.now() - info.mtimeMs > TAKEOVER_GUARD_STALE_MS) await unlink(guard).catch(() => undefined);
}

/**
 * Removes the lock entry `seen` (judged stale) from `path`, and nothing newer. Takers remove one at a
 * time, each holding the guard (created O_EXCL) while it looks again and removes: an entry is only
 * ever replaced by being removed first, and only a guard holder removes one, so the entry it looked at
 * is the one it removes. Removing without the guard (a rename aside, then putting back a lock taken
 * meanwhile) let a third process create the lock between the two, and two callers ran at once. A
 * taker that finds the guard held removes nothing and tries again.
 */
export async function removeStaleEntry(path: string, seen: LockEntry): Promise<void> {
  const guard = takeoverGuard(path);
  try {
    await (await open(guard, 'wx', 0o600)).close();
  } catch (error) {
    if (errnoCode(error) === 'EEXIST') return removeDeadGuard(guard);
    throw error;
  }
  try {
    const now = await inspectLock(path);
    if (!sameEntry(now, seen)) return;
    await rm(path, { recursive: now.kind === 'ownerless' && now.dir, force: true }).catch((error: unknown) => {
      // Windows refuses while someone has it open: later.
      if (!BUSY.has(errnoCode(error) ?? '')) throw error;
    });
  } finally {
    await unlink(guard).catch(() => undefined);
  }
}
