import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether spawn takes `command` as a path (relative to the working directory) rather than looking it up on PATH. */
export function isCommandPath(command: string): boolean {
  return command.includes('/') || command.includes('\\');
}

/**
 * Where `command` would be found by spawn (no shell), or null. The child starts in `cwd` (the entry's
 * working directory) before the program is looked for, so a relative path, and a relative PATH entry,
 * are taken from there.
 */
export function findOnPath(command: string, env: Record<string, string | undefined>, platform = process.platform, cwd = '.'): string | null {
  if (isCommandPath(command)) {
    const path = resolve(cwd, command);
    return isExecutableFile(path) ? path : null;
  }
  const extensions = platform === 'win32' ? (env['PATHEXT'] ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (env['PATH'] ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const ext of extensions) {
      const candidate = resolve(cwd, dir, command + ext);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return null;
}
