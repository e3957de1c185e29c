import { randomUUID } from 'node:crypto';
import { link, lstat, rename, rm } from 'node:fs/promises';
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
 * Removes the lock entry `seen` (judged stale) from `path`, and nothing newer. Removing is a rename to
 * a unique name (atomic: of two processes taking over, one wins), then a look at what was moved: if
 * another process had already replaced the stale entry with its own lock, that lock is put back
 * (link/rename fail rather than replace if a third process took the path meanwhile; that owner's
 * assertHeld then reports the loss).
 */
export async function removeStaleEntry(path: string, seen: LockEntry): Promise<void> {
  const grave = `${path}.stale-${randomUUID()}`;
  try {
    await rename(path, grave);
  } catch (error) {
    // ENOENT: another process removed it first. Windows refuses while someone has it open: later.
    if (BUSY.has(errnoCode(error) ?? '')) return;
    throw error;
  }
  try {
    const moved = await inspectLock(grave);
    if (!sameEntry(moved, seen) && moved.kind !== 'gone') {
      if (moved.kind === 'ownerless' && moved.dir) {
        if ((await inspectLock(path)).kind === 'gone') await rename(grave, path).catch(() => undefined);
      } else {
        await link(grave, path).catch(() => undefined);
      }
    }
  } finally {
    await rm(grave, { recursive: true, force: true });
  }
}
