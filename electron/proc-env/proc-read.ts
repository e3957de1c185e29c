import { closeSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';

/*
 * Reads of /proc files: synchronous ones into one buffer kept for the process's life, asynchronous ones
 * (readSmall) into a buffer of the size asked for. A server's stop reads the stat
 * (and some environments) of every process on the computer, several times; a string per file and an
 * array per field made so much short-lived garbage that V8's young generation grew and stayed grown
 * after the stop (serve's quiet memory, docs/benchmarks.md `memory-idle`).
 */

/**
 * Large enough for any stat line (some fifty numbers and a name of 16 bytes), the one file read here
 * (a process's stat at a run's spawn): environments are read by proc-scan. Kept for the process's
 * life, so no larger than that.
 */
export const PROC_READ_BYTES = 4 * 1024;

const scratch = Buffer.allocUnsafe(PROC_READ_BYTES);

/**
 * The first PROC_READ_BYTES of `path` in a buffer that the next read overwrites (use it before
 * reading again), or undefined when it cannot be read (gone, or another user's).
 */
export function readProcFile(path: string): Buffer | undefined {
  try {
    return readProcFileOrThrow(path);
  } catch {
    return undefined;
  }
}

/** As readProcFile, but a failed read throws its error, so a caller can tell a file gone (ENOENT) from one unreadable now (EMFILE, EACCES). */
export function readProcFileOrThrow(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    let filled = 0;
    for (let n = -1; n !== 0 && filled < scratch.length; filled += n) n = readSync(fd, scratch, filled, scratch.length - filled, null);
    return scratch.subarray(0, filled);
  } finally {
    closeSync(fd);
  }
}

/** The unsigned decimal in `bytes` from `from` to `to`, or NaN. */
export function decimalAt(bytes: Buffer, from: number, to: number): number {
  if (to <= from) return NaN;
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = (bytes[i] ?? 0) - 48;
    if (digit < 0 || digit > 9) return NaN;
    value = value * 10 + digit;
  }
  return value;
}

/** Up to `bytes` of `path` in a buffer of its own, read without blocking; undefined when it cannot be read (gone, another user's). */
export async function readSmall(path: string, bytes: number): Promise<Buffer | undefined> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.allocUnsafe(bytes);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) read = (await handle.read(buffer, length, buffer.length - length, null)).bytesRead;
    return buffer.subarray(0, length);
  } catch {
    return undefined;
  } finally {
    await handle.close().catch(() => undefined);
  }
}
