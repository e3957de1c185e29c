import { lstat, open, unlink } from 'node:fs/promises';
import { errnoCode } from './fs-errors';
import { LockOwnerSchema, MAX_OWNER_BYTES, type LockOwner } from './lock-owner';
import { readTextFileSync } from './read-text-file';

/** Creates the lock file with our record; false if another lock is there. */
export async function tryCreate(lockPath: string, owner: LockOwner): Promise<boolean> {
  let handle;
  try {
    handle = await open(lockPath, 'wx', 0o600);
  } catch (error) {
    if (errnoCode(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(JSON.stringify(owner));
  } catch (error) {
    // An empty lock would block everyone for staleMs; it is removed if it is still the file we created.
    const [mine, there] = await Promise.all([handle.stat(), lstat(lockPath)]).catch(() => []);
    if (mine && there && mine.ino === there.ino) await unlink(lockPath).catch(() => undefined);
    throw error;
  } finally {
    await handle.close();
  }
  // Until the record is written the file is ownerless: a process stopped right here for longer than
  // staleMs may have lost it, so it must be ours now.
  return holds(lockPath, owner);
}

export function holds(lockPath: string, owner: LockOwner): boolean {
  try {
    // jitless: a small record read once per lock taken; compiling its parser cost more (docs/benchmarks.md).
    const parsed = LockOwnerSchema.safeParse(JSON.parse(readTextFileSync(lockPath, MAX_OWNER_BYTES)), { jitless: true });
    return parsed.success && parsed.data.nonce === owner.nonce;
  } catch {
    return false;
  }
}
