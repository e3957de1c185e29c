import { rename, rm, stat } from 'node:fs/promises';
import { DEFAULT_LOCK, withFileLock } from './file-lock';

/**
 * Rotates a JSONL log (`file` → `rotated(1)`, each `rotated(n)` → `rotated(n + 1)`, the last
 * removed) under `<file>.lock`, so two processes appending to one log never rotate at once (a
 * rename over a file the other just rotated loses it), and only while the file at `file` is still
 * `opened`: when another process rotated it first, the new file is left as it is.
 */
export async function rotateIfStill(file: string, opened: { dev: number; ino: number }, keep: number, rotated: (n: number) => string): Promise<void> {
  await withFileLock(file, { ...DEFAULT_LOCK, label: file }, async (assertHeld) => {
    const there = await stat(file).catch(() => undefined);
    if (there === undefined || there.ino !== opened.ino || there.dev !== opened.dev) return;
    await rm(rotated(keep), { force: true });
    for (let n = keep - 1; n >= 1; n--) await rename(rotated(n), rotated(n + 1)).catch(() => undefined);
    assertHeld();
    await rename(file, rotated(1));
  });
}
