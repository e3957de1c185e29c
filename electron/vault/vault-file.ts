import { open, readdir, rename, stat, type FileHandle } from 'node:fs/promises';
import { syncDir } from '../fs-safe';
import { constants, type BigIntStats } from 'node:fs';
import path from 'node:path';
import type { CorruptFile } from '../../shared/vault';
import { CodedError } from '../../shared/errors';

/** Identifies one version of the file; every write (a rename onto the path) changes it. */
export interface FileStamp {
  dev: bigint;
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
}

export function stampOf(info: BigIntStats): FileStamp {
  return { dev: info.dev, ino: info.ino, size: info.size, mtimeNs: info.mtimeNs, ctimeNs: info.ctimeNs };
}

export function sameStamp(a: FileStamp | null | undefined, b: FileStamp | null): boolean {
  if (a === undefined) return false;
  if (a === null || b === null) return a === b;
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
}

export interface OpenedFile {
  handle: FileHandle;
  info: BigIntStats;
}

/** Far above any vault (a secret is a few KiB); a bigger file at the vault's path is not read whole into memory. */
export const MAX_VAULT_BYTES = 64 * 1024 * 1024;

/** Not defined on Windows, where no FIFO can be named by a path anyway. */
const NONBLOCK = (constants.O_NONBLOCK as number | undefined) ?? 0;

/**
 * Opens the file for reading; null if it does not exist. Opened non-blocking: a FIFO put at the path
 * would otherwise block the open until a writer comes (POSIX open(2)); it, a device or a folder is refused.
 */
export async function openExisting(file: string): Promise<OpenedFile | null> {
  let handle: FileHandle;
  try {
    handle = await open(file, constants.O_RDONLY | NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const info = await handle.stat({ bigint: true });
    if (!info.isFile() || info.size > MAX_VAULT_BYTES) {
      const what = info.isFile() ? `larger than ${MAX_VAULT_BYTES / 1024 / 1024} MiB` : 'not a regular file (a FIFO, a device or a folder)';
      throw new CodedError('invalid_config', `The vault ${file} is ${what}, so it is not read.`, {
        hint: `Move ${file} aside and put the vault file back in its place.`,
      });
    }
    return { handle, info };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

export async function statStamp(file: string): Promise<FileStamp | null> {
  try {
    return stampOf(await stat(file, { bigint: true }));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}


const CORRUPT_MARK = '.corrupt-';

function stampName(now: number): string {
  return new Date(now).toISOString().replace(/[:.]/g, '-');
}

function parseStampName(text: string): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(text);
  if (!match) return undefined;
  const [, day, h, m, s, ms] = match;
  const time = Date.parse(`${day}T${h}:${m}:${s}.${ms}Z`);
  return Number.isNaN(time) ? undefined : time;
}

/** Renames an unreadable vault to `<file>.corrupt-<time>`; never overwrites an earlier one. */
export async function moveAside(file: string, now: number): Promise<CorruptFile> {
  let target = `${file}${CORRUPT_MARK}${stampName(now)}`;
  for (let n = 1; (await statStamp(target)) !== null; n += 1) target = `${file}${CORRUPT_MARK}${stampName(now)}-${n}`;
  await rename(file, target);
  await syncDir(path.dirname(file));
  return { path: target, movedAt: now };
}

/** Every file set aside so far, oldest first, whoever moved it. */
export async function listSetAside(file: string): Promise<CorruptFile[]> {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}${CORRUPT_MARK}`;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: CorruptFile[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const full = path.join(dir, name);
    const movedAt = parseStampName(name.slice(prefix.length)) ?? Number((await statStamp(full))?.mtimeNs ?? 0n) / 1e6;
    found.push({ path: full, movedAt });
  }
  return found.sort((a, b) => a.movedAt - b.movedAt);
}
