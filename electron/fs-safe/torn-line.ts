import { readSync, writeSync } from 'node:fs';

/**
 * A log whose last line was cut (power lost, disk full mid-write) would have the next entry glued to
 * the fragment, and that entry would not parse. Given a handle opened for reading and appending and
 * the file's size, ends such a line with "\n" first; answers the size after.
 */
export function endTornLine(fd: number, size: number): number {
  if (size === 0) return size;
  const last = Buffer.alloc(1);
  if (readSync(fd, last, 0, 1, size - 1) !== 1 || last[0] === 0x0a) return size;
  writeSync(fd, '\n');
  return size + 1;
}
