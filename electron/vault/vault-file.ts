import { randomBytes } from 'node:crypto';
import { open, readdir, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import type { BigIntStats } from 'node:fs';
import path from 'node:path';
import type { CorruptFile } from '../../shared/vault';

/** Identifies one version of the file: any write (a rename onto the path) changes it. */
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

/** Opens the file for reading; null if it does not exist. */
export async function openExisting(file: string): Promise<OpenedFile | null> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return { handle, info: await handle.stat({ bigint: true }) };
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

const TEMP_MARK = '.tmp-';

/** Makes a rename in `dir` durable. Windows cannot open folders; NTFS journals the rename itself. */
async function fsyncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Temp file in the same folder (same file system, so rename is atomic), written and fsynced, renamed
 * over the target, then the folder fsynced: a crash leaves the old or the new file, never a torn one.
 */
export async function writeFileAtomic(file: string, bytes: Buffer, beforeRename: () => void): Promise<void> {
  const temp = `${file}${TEMP_MARK}${process.pid}-${randomBytes(6).toString('hex')}`;
  const handle = await open(temp, 'wx', 0o600);
  try {
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    beforeRename();
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await fsyncDir(path.dirname(file));
}

/** Temp files left by writers that died; call only while holding the lock (no live writer has one). */
export async function removeStaleTemps(file: string): Promise<void> {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}${TEMP_MARK}`;
  for (const name of await readdir(dir)) {
    if (name.startsWith(prefix)) await unlink(path.join(dir, name)).catch(() => undefined);
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
  await fsyncDir(path.dirname(file));
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
