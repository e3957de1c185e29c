import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { lstat, open, stat } from 'node:fs/promises';

export type RegularFileRead =
  /** `info`: the stat of the handle read (given with `{ noFollow: true }`): what was read, not what the path names now. */
  | { bytes: Buffer; info?: Stats }
  | { problem: 'empty'; info?: Stats }
  | { problem: 'not_regular' | 'too_large' }
  /** `cause`: the system's error (its errno code tells a missing file from a refused one). */
  | { problem: 'unreadable'; cause: unknown };

/** Not defined on Windows, where no FIFO can be named by a path anyway. */
const NONBLOCK = (constants.O_NONBLOCK as number | undefined) ?? 0;
const FLAGS = constants.O_RDONLY | NONBLOCK;
/** Not defined on Windows either; there a link is refused by the lstat before the open. */
const NOFOLLOW = (constants.O_NOFOLLOW as number | undefined) ?? 0;

export interface RegularFileOptions {
  /**
   * The path is already resolved: a link there now was swapped in after it was checked, and is refused
   * (ELOOP) instead of followed; the result carries the handle's stat.
   */
  noFollow?: boolean;
}

/**
 * Collects a file's bytes up to `maxBytes`, sized from what stat said and grown as the file grows:
 * one byte past the bound is always tried, so a file that grows while read is caught too.
 */
export class Bounded {
  buffer: Buffer;
  length = 0;
  constructor(
    readonly maxBytes: number,
    size: number,
  ) {
    this.buffer = Buffer.alloc(Math.min(maxBytes, size) + 1);
  }
  /** Where the next read goes; the buffer grows when full. */
  room(): { offset: number; length: number } {
    if (this.length === this.buffer.length) {
      const grown = Buffer.alloc(Math.min(this.maxBytes + 1, this.buffer.length * 2));
      this.buffer.copy(grown);
      this.buffer = grown;
    }
    return { offset: this.length, length: this.buffer.length - this.length };
  }
  /** undefined while more is to be read; the result once `bytesRead` is 0 or the bound is passed. */
  took(bytesRead: number): RegularFileRead | undefined {
    this.length += bytesRead;
    if (this.length > this.maxBytes) return { problem: 'too_large' };
    if (bytesRead > 0) return undefined;
    return this.length === 0 ? { problem: 'empty' } : { bytes: this.buffer.subarray(0, this.length) };
  }
}

/**
 * The bytes of a regular file of at most `maxBytes`. A FIFO, socket, device or folder is never read:
 * opening a FIFO for reading blocks until a writer comes (POSIX open(2)), so the path is stat'ed first,
 * then opened non-blocking and its handle checked again, in case the path was swapped in between.
 */
export async function readRegularFile(file: string, maxBytes: number, options: RegularFileOptions = {}): Promise<RegularFileRead> {
  const noFollow = options.noFollow === true;
  try {
    const seen = noFollow ? await lstat(file) : await stat(file);
    if (noFollow && seen.isSymbolicLink()) return { problem: 'unreadable', cause: Object.assign(new Error(`${file} is a link`), { code: 'ELOOP' }) };
    if (!seen.isFile()) return { problem: 'not_regular' };
  } catch (cause) {
    return { problem: 'unreadable', cause };
  }
  let handle;
  try {
    handle = await open(file, noFollow ? FLAGS | NOFOLLOW : FLAGS);
  } catch (cause) {
    return { problem: 'unreadable', cause };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { problem: 'not_regular' };
    const into = new Bounded(maxBytes, info.size);
    for (;;) {
      const { offset, length } = into.room();
      const done = into.took((await handle.read(into.buffer, offset, length, offset)).bytesRead);
      if (done) return noFollow && ('bytes' in done || done.problem === 'empty') ? { ...done, info } : done;
    }
  } catch (cause) {
    return { problem: 'unreadable', cause };
  } finally {
    await handle.close();
  }
}

/** readRegularFile for the few callers that must stay synchronous (a check on every request). */
export function readRegularFileSync(file: string, maxBytes: number): RegularFileRead {
  let fd;
  try {
    if (!statSync(file).isFile()) return { problem: 'not_regular' };
    fd = openSync(file, FLAGS);
  } catch (cause) {
    return { problem: 'unreadable', cause };
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { problem: 'not_regular' };
    const into = new Bounded(maxBytes, info.size);
    for (;;) {
      const { offset, length } = into.room();
      const done = into.took(readSync(fd, into.buffer, offset, length, offset));
      if (done) return done;
    }
  } catch (cause) {
    return { problem: 'unreadable', cause };
  } finally {
    closeSync(fd);
  }
}
