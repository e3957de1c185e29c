import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Makes a folder unwritable for this process and returns its undo. Not root: its mode (0500). Root
 * ignores the mode, so the folder is made immutable (`chattr +i`); where that is not allowed, the
 * folder is replaced by a file, which every write into it fails on as well.
 */
export function readOnlyDir(dir: string): () => void {
  if (process.getuid?.() !== 0) {
    chmodSync(dir, 0o500);
    return () => chmodSync(dir, 0o700);
  }
  try {
    execFileSync('chattr', ['+i', dir], { stdio: 'ignore' });
    return () => execFileSync('chattr', ['-i', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true });
    writeFileSync(dir, 'not a folder');
    return () => {
      rmSync(dir);
      mkdirSync(dir, { mode: 0o700 });
    };
  }
}
