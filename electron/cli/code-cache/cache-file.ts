import { createHash } from 'node:crypto';
import { chmodSync, closeSync, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';

/**
 * One compiled file's V8 code cache in the data folder's `cache/code/`: a header line naming the build
 * it was made for (`key`: the compiled file's SHA-256 from the build's manifest, Node's version and the
 * CPU) and the SHA-256 of the bytes after it, then V8's bytes. V8 checks its own version and flags but
 * not every byte of what it is given, so a file whose digest does not match is never handed to it.
 */
const MAGIC = 'connected-services code cache 1';

function digest(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The key of a compiled file: its build's digest of it, for this Node on this CPU. */
export function cacheKey(fileDigest: string): string {
  return `${fileDigest} ${process.version} ${process.arch}`;
}

/**
 * Written by no one but this user: ours, and writable by neither group nor others. V8 runs what a
 * cache holds, so one another account could write is never read (POSIX; Windows keeps the data
 * folder in the user's own profile).
 */
function onlyOurs(stats: Stats): boolean {
  const uid = process.getuid?.();
  return uid === undefined || (stats.uid === uid && (stats.mode & 0o022) === 0);
}

/** The cache folder itself, not a link, and only this user's (the caches in it are checked each again). */
export function isPrivateFolder(dir: string): boolean {
  try {
    const stats = lstatSync(dir);
    return stats.isDirectory() && onlyOurs(stats);
  } catch {
    return false;
  }
}

/** The cached bytes for `name` made for `key`; undefined when none, made for another build, damaged, or not only ours. */
export function readCodeCache(dir: string, name: string, key: string): Buffer | undefined {
  let file: Buffer;
  try {
    const fd = openSync(join(dir, `${name}.cache`), 'r');
    try {
      const stats = fstatSync(fd);
      if (!stats.isFile() || !onlyOurs(stats)) return undefined;
      file = readFileSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
  const end = file.indexOf(0x0a);
  if (end < 0) return undefined;
  const [magic, wantKey, wantDigest] = file.subarray(0, end).toString('latin1').split('\t');
  if (magic !== MAGIC || wantKey !== key) return undefined;
  const data = file.subarray(end + 1);
  return data.length > 0 && digest(data) === wantDigest ? data : undefined;
}

/** Writes the cache for `name` (owner-only, replaced whole so a reader never sees half of it). */
export function writeCodeCache(dir: string, name: string, key: string, data: Buffer): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const target = join(dir, `${name}.cache`);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, Buffer.concat([Buffer.from(`${MAGIC}\t${key}\t${digest(data)}\n`, 'latin1'), data]), { mode: 0o600, flag: 'wx' });
    renameSync(temporary, target);
  } finally {
    rmSync(temporary, { force: true });
  }
}
