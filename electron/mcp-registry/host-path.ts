import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { posix } from 'node:path';

/** Where a host path really leads: its longest existing part with every link followed, and the parts after it that do not exist. */
export interface RealHostPath {
  real: string;
  missing: string[];
  /** The first missing part is a link to this, which does not exist. */
  danglingTo?: string | undefined;
}

function errorCode(error: unknown): unknown {
  return (error as { code?: unknown }).code;
}

/**
 * The real path of the longest existing prefix of an absolute, normalized path (as the kernel
 * follows links when docker mounts it). A prefix that cannot be read (a loop of links, no
 * permission) throws: the caller refuses what it cannot see through.
 */
export function realHostPath(path: string): RealHostPath {
  const missing: string[] = [];
  let prefix = path;
  for (;;) {
    try {
      const real = realpathSync.native(prefix);
      const first = missing[0];
      if (first === undefined) return { real, missing };
      return { real, missing, danglingTo: linkTarget(posix.join(real, first)) };
    } catch (error) {
      const code = errorCode(error);
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || prefix === '/') throw error;
      missing.unshift(posix.basename(prefix));
      prefix = posix.dirname(prefix);
    }
  }
}

function linkTarget(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/** The home folder with its own links followed (it may itself sit behind one, /home → /usr/home). */
export function realHome(home: string): string {
  try {
    return realpathSync.native(home);
  } catch {
    return home;
  }
}
