import { randomBytes } from 'node:crypto';
import { open, readdir, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { errnoCode } from './fs-errors';

/** writeFileAtomic's temp files are FILE + this + PID-RANDOM (leftover-temps.ts reads the same pattern). */
export const TEMP_MARK = '.tmp-';
export const TEMP_RANDOM_BYTES = 6;

export interface AtomicWriteOptions {
  /** Default 0600: everything this app writes is private to the person. */
  mode?: number;
  platform?: NodeJS.Platform;
  /** Runs between the synced write and the rename; throwing aborts the write (a lost lock). */
  beforeRename?: () => void;
}

/**
 * Writes a file so readers see the old or the new content, never a part: a temp file in the same
 * folder (same file system, so rename is atomic), fsync, rename over the target, fsync the folder.
 */
export async function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const mode = options.mode ?? 0o600;
  const platform = options.platform ?? process.platform;
  const temp = `${file}${TEMP_MARK}${process.pid}-${randomBytes(TEMP_RANDOM_BYTES).toString('hex')}`;
  let handle: FileHandle | undefined;
  try {
    handle = await open(temp, 'wx', mode);
    await handle.writeFile(data);
    // The umask can only remove bits, but a pre-set umask of 0 must not widen anything either.
    if (platform !== 'win32') await handle.chmod(mode);
    await handle.sync();
    await handle.close();
    handle = undefined;
    options.beforeRename?.();
    await renameWithRetry(temp, file, platform);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncDir(path.dirname(file), platform);
}

/** Temp files left by writers that died; call only while holding the file's lock. */
export async function removeStaleTemps(file: string): Promise<void> {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}${TEMP_MARK}`;
  for (const name of await readdir(dir)) {
    if (name.startsWith(prefix)) await unlink(path.join(dir, name)).catch(() => undefined);
  }
}

/** Windows refuses a rename while another program (indexer, antivirus, an editor) holds the target open. */
async function renameWithRetry(from: string, to: string, platform: NodeJS.Platform): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await rename(from, to);
      return;
    } catch (error) {
      const code = errnoCode(error);
      const busy = code === 'EPERM' || code === 'EBUSY' || code === 'EACCES';
      if (platform !== 'win32' || !busy || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)));
    }
  }
}

/** Makes a rename in `dir` durable (POSIX); Windows cannot open folders for fsync. */
export async function syncDir(dir: string, platform: NodeJS.Platform = process.platform): Promise<void> {
  if (platform === 'win32') return;
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on folders; the data itself is already synced.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}
