import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { tryCreate } from './lock-create';
import { inspectLock, removeStaleEntry } from './lock-entry';
import { ownerStatus, systemProbe, type LockOwner, type ProcessProbe } from './lock-owner';

/** What one look at a held lock found: still ours, written back, or another live process's now. */
export type KeptLock = { kind: 'held' } | { kind: 'restored' } | { kind: 'lost'; owner: LockOwner };

/** How often a held lock is looked at besides the folder's change events, which some file systems never send. */
export const KEEP_EVERY_MS = 2_000;

/**
 * Puts `owner`'s record back at `lockPath` if it was removed or replaced: a lock held for a life is
 * what keeps a second app off the folder, and anyone may delete a file. Created as at the start
 * (O_EXCL), so of this and a start racing for the path one wins; a live process's record is left
 * (`lost`), as a dead one's or a broken file is not.
 */
export async function restoreLock(lockPath: string, owner: LockOwner, probe: ProcessProbe = systemProbe): Promise<KeptLock> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const entry = await inspectLock(lockPath);
    if (entry.kind === 'owner' && entry.owner.nonce === owner.nonce) return { kind: 'held' };
    if (entry.kind === 'owner' && (await ownerStatus(entry.owner, probe)) !== 'dead') return { kind: 'lost', owner: entry.owner };
    if (entry.kind !== 'gone') await removeStaleEntry(lockPath, entry);
    if (await tryCreate(lockPath, owner)) return { kind: 'restored' };
  }
  // Replaced again each time: the next look tries again.
  return { kind: 'held' };
}

/**
 * Looks at the lock on every change in its folder and every `everyMs`, writing it back as needed
 * (restoreLock); `lost` runs once if another live process holds it instead. The returned stop waits
 * for a look under way, so a release after it never races a write-back.
 */
export function keepLock(lockPath: string, owner: LockOwner, lost: (owner: LockOwner) => void, everyMs = KEEP_EVERY_MS): () => Promise<void> {
  let stopped = false;
  let again = false;
  let current: Promise<void> | undefined;
  const look = async (): Promise<void> => {
    do {
      again = false;
      const kept = await restoreLock(lockPath, owner).catch(() => ({ kind: 'held' }) as const);
      if (kept.kind === 'lost' && !stopped) {
        stop();
        lost(kept.owner);
      }
    } while (again && !stopped);
  };
  const check = (): void => {
    if (stopped) return;
    if (current !== undefined) {
      again = true;
      return;
    }
    current = look().finally(() => {
      current = undefined;
    });
  };
  let watcher: FSWatcher | undefined;
  try {
    const name = basename(lockPath);
    watcher = watch(dirname(lockPath), { persistent: false }, (_event, changed) => {
      if (changed === null || changed === name) check();
    });
    watcher.on('error', () => watcher?.close());
  } catch {
    // No change events here: the timer alone looks.
  }
  const timer = setInterval(check, everyMs);
  timer.unref();
  function stop(): void {
    stopped = true;
    clearInterval(timer);
    watcher?.close();
  }
  return async () => {
    stop();
    await current;
  };
}
