import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CrossSpawnParts } from '../../electron/proc-env';

const require = createRequire(import.meta.url);
/** The packages that read process.platform once, as they load. */
const READ_AT_LOAD = /[\\/]node_modules[\\/](?:cross-spawn|which|isexe)[\\/]/;

interface CrossSpawnModule {
  _parse: CrossSpawnParts['parse'];
}

/**
 * cross-spawn's parse as it is on Windows (PATHEXT lookup, .cmd through cmd.exe), loaded afresh
 * while process.platform reads 'win32'; the copies every other module uses are put back untouched.
 * Paths are still POSIX ones, and PATHEXT is Windows' default (.EXE;.CMD;.BAT;.COM).
 */
export function crossSpawnAsOnWindows(): CrossSpawnParts {
  const cache = require.cache;
  const saved = Object.entries(cache).filter(([key]) => READ_AT_LOAD.test(key));
  for (const [key] of saved) Reflect.deleteProperty(cache, key);
  const platform = Object.getOwnPropertyDescriptor(process, 'platform');
  Object.defineProperty(process, 'platform', { value: 'win32', configurable: true });
  try {
    const module = require('cross-spawn') as CrossSpawnModule;
    return { parse: module._parse };
  } finally {
    if (platform !== undefined) Object.defineProperty(process, 'platform', platform);
    for (const key of Object.keys(cache)) if (READ_AT_LOAD.test(key)) Reflect.deleteProperty(cache, key);
    for (const [key, entry] of saved) cache[key] = entry;
  }
}

/**
 * A folder to be PATH holding the given programs (`npx.CMD`, `node.EXE`): upper-case extensions,
 * as PATHEXT spells them, since this file system tells case apart and Windows' does not.
 */
export function windowsPath(programs: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'cs-pathext-'));
  for (const program of programs) writeFileSync(join(dir, program), '@ECHO off\r\n');
  return dir;
}
