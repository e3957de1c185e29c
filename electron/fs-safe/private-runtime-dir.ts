import { createHash, randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, rename, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CodedError } from '../../shared/errors';
import { writeFileAtomic } from './atomic-write';
import { errnoCode, fsFailure } from './fs-errors';
import { readTextFile } from './read-text-file';
import { LockOwnerSchema, MAX_OWNER_BYTES, markHeld, ownerRecord, ownerStatus, systemProbe, type LockOwner, type ProcessProbe } from './lock-owner';

/**
 * Private files for child programs (a vault secret a program wants as a path, a credential file):
 * `<root>/<data folder hash>/run-<nonce>/`, each level 0700, files 0600, outside the data folder.
 * Root: `$XDG_RUNTIME_DIR/connected-services` (a per-user tmpfs, gone at logout) or
 * `<tmp>/connected-services-<uid>`. One folder per process, named to its owner (owner.json), so a
 * process never removes another's live files, and one that crashed has its files removed by the next
 * start-up (`sweepRuntimeDirs`).
 */
/** Where: the folder for one data folder (dataDir, env), or a folder given whole (`base`, e.g. a test's). */
export type RuntimeDirPlace = { dataDir: string; env: Readonly<Record<string, string | undefined>> } | { base: string };

export type RuntimeDirOptions = RuntimeDirPlace & {
  probe?: ProcessProbe;
  now?: () => Date;
  platform?: NodeJS.Platform;
};

export interface PrivateRuntimeDir {
  readonly dir: string;
  /** Writes (atomically, 0600) and returns the file's path. */
  write(name: string, data: string | Uint8Array): Promise<string>;
  /** Removes the files whose names start with `prefix`. */
  remove(prefix: string): Promise<void>;
  /** Removes the folder and everything in it; idempotent. */
  close(): Promise<void>;
}

const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}$/;
const OWNER_FILE = 'owner.json';

/** The folder holding every process folder of one data folder. */
export function runtimeBase(options: RuntimeDirPlace): string {
  if ('base' in options) return options.base;
  const xdg = options.env['XDG_RUNTIME_DIR'];
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const root = xdg && path.isAbsolute(xdg) ? path.join(xdg, 'connected-services') : path.join(tmpdir(), uid === undefined ? 'connected-services' : `connected-services-${uid}`);
  const hash = createHash('sha256').update(path.resolve(options.dataDir)).digest('hex').slice(0, 16);
  return path.join(root, hash);
}

/** Creates `dir` 0700 if missing; refuses one that is a link, another user's, or open to others. */
async function privateFolder(dir: string, platform: NodeJS.Platform): Promise<void> {
  try {
    await mkdir(dir, { mode: 0o700 });
  } catch (error) {
    if (errnoCode(error) !== 'EEXIST') throw fsFailure(error, 'create', dir);
  }
  if (platform === 'win32') return;
  const info = await lstat(dir);
  const uid = typeof process.getuid === 'function' ? process.getuid() : info.uid;
  if (!info.isDirectory() || info.isSymbolicLink() || info.uid !== uid || (info.mode & 0o077) !== 0) {
    throw new CodedError('denied', `The private runtime folder ${dir} is not private (a link, another user's, or open to others); no secret file is written there.`, {
      hint: `Remove ${dir} (it holds only temporary files) and try again.`,
    });
  }
}

async function readOwner(folder: string): Promise<LockOwner | undefined> {
  try {
    const parsed = LockOwnerSchema.safeParse(JSON.parse(await readTextFile(path.join(folder, OWNER_FILE), MAX_OWNER_BYTES)), { jitless: true });
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes the folders of processes that are gone (a crash, kill -9). A folder without an owner file
 * is one being created: it holds no secret yet and is left alone.
 */
export async function sweepRuntimeDirs(options: RuntimeDirOptions): Promise<string[]> {
  const base = runtimeBase(options);
  const probe = options.probe ?? systemProbe;
  let names: string[];
  try {
    names = await readdir(base);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith('run-') && !name.startsWith('.new-')) continue;
    const folder = path.join(base, name);
    const owner = await readOwner(folder);
    if (!owner || (await ownerStatus(owner, probe)) !== 'dead') continue;
    await rm(folder, { recursive: true, force: true });
    removed.push(folder);
  }
  return removed;
}

/** This process's own runtime folder (created, owner written, then named `run-…` so sweeps see it whole). */
export async function openPrivateRuntimeDir(options: RuntimeDirOptions): Promise<PrivateRuntimeDir> {
  const platform = options.platform ?? process.platform;
  const base = runtimeBase(options);
  // The shared root (`…/connected-services`) is ours too, unless the caller named the folder whole.
  if (!('base' in options)) await privateFolder(path.dirname(base), platform);
  await privateFolder(base, platform);
  const owner = await ownerRecord(options.probe ?? systemProbe, (options.now ?? (() => new Date()))());
  const nonce = randomBytes(8).toString('hex');
  const fresh = path.join(base, `.new-${nonce}`);
  const dir = path.join(base, `run-${nonce}`);
  await privateFolder(fresh, platform);
  markHeld(owner, true);
  await writeFileAtomic(path.join(fresh, OWNER_FILE), JSON.stringify(owner), { platform });
  await rename(fresh, dir);

  let closing: Promise<void> | undefined;
  const fileOf = (name: string): string => {
    if (!FILE_NAME.test(name) || name === OWNER_FILE) throw new CodedError('internal', `Not a runtime file name: ${name}`);
    return path.join(dir, name);
  };
  return {
    dir,
    write: async (name, data) => {
      if (closing) throw new CodedError('server_unavailable', 'Connected Services is shutting down; no file is written.', { hint: 'Start it again.' });
      const file = fileOf(name);
      await writeFileAtomic(file, data, { platform });
      return file;
    },
    remove: async (prefix) => {
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) if (name !== OWNER_FILE && name.startsWith(prefix)) await unlink(path.join(dir, name)).catch(() => undefined);
    },
    close: () => {
      closing ??= rm(dir, { recursive: true, force: true }).finally(() => markHeld(owner, false));
      return closing;
    },
  };
}
