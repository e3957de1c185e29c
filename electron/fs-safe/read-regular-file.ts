import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';

export type RegularFileRead =
  | { bytes: Buffer }
  | { problem: 'not_regular' | 'empty' | 'too_large' }
  /** `cause`: the system's error (its errno code tells a missing file from a refused one). */
  | { problem: 'unreadable'; cause: unknown };

/** Not defined on Windows, where no FIFO can be named by a path anyway. */
const NONBLOCK = (constants.O_NONBLOCK as number | undefined) ?? 0;

/**
 * The bytes of a regular file of at most `maxBytes`. A FIFO, socket, device or folder is never read:
 * opening a FIFO for reading blocks until a writer comes (POSIX open(2)), so the path is stat'ed first,
 * then opened non-blocking and its handle checked again, in case the path was swapped in between.
 */
export async function readRegularFile(file: string, maxBytes: number): Promise<RegularFileRead> {
  try {
    if (!(await stat(file)).isFile()) return { problem: 'not_regular' };
  } catch (cause) {
    return { problem: 'unreadable', cause };
  }
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | NONBLOCK);
  } catch (cause) {
    return { problem: 'unreadable', cause };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { problem: 'not_regular' };
    // Read one byte past the bound, whatever stat said: a file that grows while read is caught too.
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) return { problem: 'too_large' };
    }
    return length === 0 ? { problem: 'empty' } : { bytes: buffer.subarray(0, length) };
  } catch (cause) {
    return { problem: 'unreadable', cause };
  } finally {
    await handle.close();
  }
}
