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
 * that are still empty; removing from a folder not there has nothing to lose.
 */
export function withClientFileLock<T>(target: string, creates: boolean, fn: () => Promise<T>): Promise<T> {
  return inProcess.run(target, async () => {
    const dir = path.dirname(target);
    const run = () => withFileLock(`${target}${CLIENT_LOCK_MARK}`, { ...CLIENT_LOCK, label: target }, fn);
    if (!creates) return (await folderThere(dir)) ? run() : fn();
    const made = await mkdir(dir, { recursive: true, mode: 0o700 });
    try {
      return await run();
    } catch (error) {
      // A connect that failed leaves no folder of its own behind (an empty `~/.cursor`): the client's would look set up.
      if (made !== undefined) await removeEmptyFolders(dir, made);
      throw error;
    }
  });
}

/** Removes `dir` and the folders above it up to `top`, deepest first, each only while it is empty. */
async function removeEmptyFolders(dir: string, top: string): Promise<void> {
  for (let folder = dir; ; folder = path.dirname(folder)) {
    try {
      await rmdir(folder);
    } catch {
      // Not empty (something was put there meanwhile), or gone already: what is left stays.
      return;
    }
    if (folder === top || path.dirname(folder) === folder) return;
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
