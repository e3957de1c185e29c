import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { lock } from 'proper-lockfile';
import { CodedError } from '../../shared/errors';

/** Readers see the old or the new file, never a part: temp file in the same folder, fsync, rename. */
export async function writeFileAtomic(file: string, text: string, mode = 0o600): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let handle: FileHandle | undefined;
  try {
    handle = await open(temp, 'wx', mode);
    await handle.writeFile(text, 'utf8');
    if (process.platform !== 'win32') await handle.chmod(mode);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, file);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

function errnoCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Runs `fn` under a cross-process lock on `file` (a `<file>.lock` folder, proper-lockfile), and in order
 * inside this process, so the app and CLI commands editing agents.json never lose each other's writes.
 */
export class LockedFile {
  readonly #file: string;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(file: string) {
    this.#file = file;
  }

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(() => this.#locked(fn));
    this.#queue = result.catch(() => undefined);
    return result;
  }

  async #locked<T>(fn: () => Promise<T>): Promise<T> {
    await mkdir(path.dirname(this.#file), { recursive: true, mode: 0o700 });
    let release: () => Promise<void>;
    try {
      release = await lock(this.#file, {
        realpath: false,
        lockfilePath: `${this.#file}.lock`,
        stale: 10_000,
        retries: { retries: 120, factor: 1.3, minTimeout: 5, maxTimeout: 200, randomize: true },
      });
    } catch (error) {
      if (errnoCode(error) === 'ELOCKED') {
        throw new CodedError('timeout', `another process kept ${this.#file} locked for too long`, {
          hint: `try again in a moment; if no Connected Services process is running, delete ${this.#file}.lock`,
        });
      }
      throw error;
    }
    try {
      return await fn();
    } finally {
      await release().catch(() => undefined);
    }
  }
}
