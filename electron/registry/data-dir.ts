import path from 'node:path';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { CodedError } from '../../shared/errors';
import { errnoCode, fsFailure } from '../fs-safe';
import { DATA_DIR_ENV } from '../data-dir';

export { DATA_DIR_ENV, defaultDataDir, type DataDirContext } from '../data-dir';

export function notAFolder(dir: string): CodedError {
  return new CodedError('invalid_config', `The data folder ${dir} (or a folder above it) is a file, not a folder.`, {
    hint: `Move that file away, or choose another folder (--home, or ${DATA_DIR_ENV}).`,
  });
}

/**
 * `mkdir -p` one level at a time, returning the first folder it made (as Node's does). Node's own
 * recursive mkdir never returns where a folder exists but refuses every child with ENOENT (as /proc
 * does): a mistyped `--home` would hang the command.
 */
async function makeFolders(dir: string, mode: number): Promise<string | undefined> {
  const missing: string[] = [];
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const exists = await stat(at).then(
      () => true,
      (error: unknown) => {
        if (errnoCode(error) === 'ENOENT') return false;
        throw error;
      },
    );
    if (exists) break;
    missing.unshift(at);
    if (path.dirname(at) === at) break;
  }
  let first: string | undefined;
  for (const folder of missing) {
    // A folder made meanwhile by another process is as good as ours (EEXIST), a file in its place is refused after.
    const made = await mkdir(folder, { mode }).then(
      () => true,
      (error: unknown) => {
        if (errnoCode(error) === 'EEXIST') return false;
        throw error;
      },
    );
    if (made) first ??= folder;
  }
  return first;
}

/** Creates the data folder readable by its owner only (0700); an existing folder is left as it is. */
export async function ensureDataDir(dir: string): Promise<void> {
  let created: string | undefined;
  try {
    created = await makeFolders(dir, 0o700);
    // The umask may have removed bits we asked for; it never adds any, but be explicit.
    if (created !== undefined) await chmod(dir, 0o700);
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'EEXIST' || code === 'ENOTDIR') throw notAFolder(dir);
    // Folders above are made first, so ENOENT here is a file system that takes no new folder (as /proc).
    if (code === 'ENOENT') {
      throw new CodedError('invalid_config', `Could not create the data folder ${dir}: no folder can be made there.`, {
        hint: `Choose another folder (--home, or ${DATA_DIR_ENV}), for example one in your home folder.`,
      });
    }
    throw fsFailure(error, 'create the data folder', dir);
  }
  if (created === undefined) {
    const info = await stat(dir).catch((error: unknown) => {
      throw fsFailure(error, 'open the data folder', dir);
    });
    if (!info.isDirectory()) throw notAFolder(dir);
    assertOwnFolder(dir, info, process.platform, process.getuid?.());
  }
}

/**
 * The commands mcp.json names run as us once approvals.json approves them: a folder that another
 * user owns, or that others may write, lets them plant both. Reading is not refused here (a 0755
 * folder is only warned about; the vault refuses it for its own files).
 */
export function assertOwnFolder(dir: string, info: { uid: number; mode: number }, platform: NodeJS.Platform, uid: number | undefined): void {
  if (platform === 'win32' || uid === undefined) return;
  const foreign = info.uid !== uid;
  if (!foreign && (info.mode & 0o022) === 0) return;
  const why = foreign ? `belongs to another user (uid ${info.uid})` : `can be changed by other users (mode ${(info.mode & 0o777).toString(8)})`;
  throw new CodedError('denied', `The data folder ${dir} ${why}; its server commands and approvals could have been written by them, so it is not used.`, {
    hint: foreign ? `Use a folder of your own (--home, or ${DATA_DIR_ENV}).` : `If the folder is yours and its files are as you left them, run: chmod 700 "${dir}"`,
  });
}
