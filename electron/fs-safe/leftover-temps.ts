import { lstat, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { TEMP_MARK, TEMP_RANDOM_BYTES } from './atomic-write';
import { errnoCode } from './fs-errors';

/** Older than this, no write of ours is still between its temp file and the rename. */
export const LEFTOVER_AGE_MS = 60_000;

const OURS = new RegExp(`^.+${TEMP_MARK.replace('.', '\\.')}(\\d{1,10})-[0-9a-f]{${String(TEMP_RANDOM_BYTES * 2)}}$`);

/**
 * Removes what writeFileAtomic left in `dir` when its process died between the write and the rename
 * (such a file may hold a token). In a folder other programs share, only ours: the exact temp-name
 * pattern, a plain file (never a link), owned by this account, untouched for LEFTOVER_AGE_MS or
 * named after a process that is gone (its pid may be another's by now: then it waits for its age).
 * Best effort: a folder or file that cannot be read is left alone.
 */
export async function removeLeftoverTemps(dir: string, now: number): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const uid = process.getuid?.();
  const removed: string[] = [];
  for (const name of names) {
    const pid = OURS.exec(name)?.[1];
    if (pid === undefined) continue;
    const file = path.join(dir, name);
    const info = await lstat(file).catch(() => undefined);
    if (!info?.isFile() || (uid !== undefined && info.uid !== uid) || (now - info.mtimeMs < LEFTOVER_AGE_MS && alive(Number(pid)))) continue;
    if (await unlink(file).then(() => true, () => false)) removed.push(name);
  }
  return removed;
}

/** Whether a process of that pid runs (EPERM: it does, another account's); this process's own writes are alive. */
function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) !== 'ESRCH';
  }
}
