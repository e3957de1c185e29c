import { mkdir, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { errnoCode, KeyedQueue, withFileLock } from '../../fs-safe';

/** Beside the client file (its folder is checked to be the person's alone): `mcp.json.connected-services.lock`. */
export const CLIENT_LOCK_MARK = '.connected-services';

/** A busy `~/.claude.json` of 100 MB takes seconds to back up and write; a few connects may queue behind it. */
const CLIENT_LOCK = { staleMs: 10_000, timeoutMs: 60_000 };

/** In this process (serve, the app: several App API calls at once) the file lock is waited for in turn, not polled. */
const inProcess = new KeyedQueue();

/**
 * Runs `fn` holding the lock of the client file at `target` (its real path), in order inside this
 * process and across processes, so the CLI, serve and the app each plan on the text the last writer
 * left: from the re-read to the rename, no two of ours write one file. Connecting makes the file's
 * folder (0700) for its lock, as its write would, and a connect that fails removes the folders it made
 * that are still empty and still the ones it made; removing from a folder not there has nothing to lose.
 */
export function withClientFileLock<T>(target: string, creates: boolean, fn: () => Promise<T>): Promise<T> {
  return inProcess.run(target, async () => {
    const dir = path.dirname(target);
    const run = (inside: () => Promise<T>) => withFileLock(`${target}${CLIENT_LOCK_MARK}`, { ...CLIENT_LOCK, label: target }, inside);
    if (!creates) return (await folderThere(dir)) ? run(fn) : fn();
    for (let attempt = 1; ; attempt++) {
      const made = await mkdir(dir, { recursive: true, mode: 0o700 });
      const ours = made === undefined ? [] : await madeFolders(dir, made);
      let started = false;
      try {
        return await run(() => {
          started = true;
          return fn();
        });
      } catch (error) {
        // A connect that failed leaves no folder of its own behind (an empty `~/.cursor`): the client's would look set up.
        await removeMadeFolders(ours);
        // Another process's failed connect removed the folder it made between our mkdir and our lock: make it again.
        if (!started && attempt < 3 && !(await folderThere(dir))) continue;
        throw error;
      }
    }
  });
}

/** A folder this run made, known by its identity: one removed and made again meanwhile is another run's. */
export interface MadeFolder {
  folder: string;
  /** Device, inode and birth time: an inode freed by a removal is often given to the next folder made. */
  identity: string;
}

function identityOf(info: { dev: bigint; ino: bigint; birthtimeNs: bigint }): string {
  return `${info.dev}:${info.ino}:${info.birthtimeNs}`;
}

/** The folders `mkdir` made, from `dir` up to `top` (the first it made), deepest first. */
export async function madeFolders(dir: string, top: string): Promise<MadeFolder[]> {
  const out: MadeFolder[] = [];
  for (let folder = dir; ; folder = path.dirname(folder)) {
    const info = await stat(folder, { bigint: true }).catch(() => undefined);
    if (info === undefined) return out;
    out.push({ folder, identity: identityOf(info) });
    if (folder === top || path.dirname(folder) === folder) return out;
  }
}

/**
 * Removes the folders this run made, deepest first, each only while it is empty and still the one it
 * made: one not empty (another connect's lock or file in it) stops the removal, one gone is passed.
 */
export async function removeMadeFolders(folders: readonly MadeFolder[]): Promise<void> {
  for (const { folder, identity } of folders) {
    const now = await stat(folder, { bigint: true }).catch((error: unknown) => (errnoCode(error) === 'ENOENT' ? null : undefined));
    if (now === null) continue;
    if (now === undefined || identityOf(now) !== identity) return;
    try {
      await rmdir(folder);
    } catch (error) {
      // ENOENT: removed meanwhile, its parent may still be ours. ENOTEMPTY (EEXIST on some systems) or any other: it stays, and so does what is above it.
      if (errnoCode(error) !== 'ENOENT') return;
    }
  }
}

async function folderThere(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return false;
    throw error;
  }
}
