import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { errnoCode } from './fs-errors';

export interface AtomicWriteOptions {
  mode?: number;
  platform?: NodeJS.Platform;
}

/**
 * Writes a file so readers see the old or the new content, never a part: a temp file in the same
 * folder (same file system, so rename is atomic), fsync, rename over the target, fsync the folder.
 */
export async function writeFileAtomic(file: string, text: string, options: AtomicWriteOptions = {}): Promise<void> {
  const mode = options.mode ?? 0o600;
  const platform = options.platform ?? process.platform;
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(temp, 'wx', mode);
    await handle.writeFile(text, 'utf8');
    // The umask can only remove bits, but a pre-set umask of 0 must not widen anything either.
    if (platform !== 'win32') await handle.chmod(mode);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await renameWithRetry(temp, file, platform);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDir(dir, platform);
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

/** Makes the rename itself durable (POSIX); Windows cannot open folders for fsync. */
async function syncDir(dir: string, platform: NodeJS.Platform): Promise<void> {
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
