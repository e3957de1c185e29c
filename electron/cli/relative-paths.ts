import { existsSync } from 'node:fs';
import { isAbsolute, resolve, sep } from 'node:path';
import { isStdio, type ServerConfig } from '../../shared/config';

/**
 * A program written as a path (`./run.sh`, `bin/server`), not a name looked up on PATH. One that
 * starts with a reference (`${env:HOME}/bin/srv`) or `~` is anchored elsewhere, not where it was typed.
 */
export function programPath(word: string): boolean {
  if (word.startsWith('${') || word.startsWith('~')) return false;
  return !isAbsolute(word) && !word.includes('://') && (word.includes('/') || (sep === '\\' && word.includes('\\')));
}

/**
 * The first word of a command line that names a file or folder relative to `base` (where it was typed):
 * the program when it is written as a path, there yet or not (it may be built after), else a word
 * that names one there now.
 */
export function relativePathIn(commandLine: readonly string[], base = process.cwd()): string | undefined {
  const [program] = commandLine;
  if (program !== undefined && programPath(program)) return program;
  return commandLine.find((word) => word !== '' && !word.startsWith('-') && !isAbsolute(word) && !word.includes('://') && existsSync(resolve(base, word)));
}

/**
 * A stdio entry as `servers add` writes it from `base`: a relative `cwd` made absolute, and `base`
 * recorded as its `cwd` when the command names a relative path (`./x.sh`, `node build/index.js`).
 * Kept as given, either would be relative to wherever the app that runs it was started.
 */
export function anchoredEntry<C extends ServerConfig>(config: C, base = process.cwd()): C {
  if (!isStdio(config)) return config;
  if (config.cwd !== undefined) return config.cwd === '' || isAbsolute(config.cwd) ? config : { ...config, cwd: resolve(base, config.cwd) };
  return relativePathIn([config.command, ...(config.args ?? [])], base) !== undefined ? { ...config, cwd: base } : config;
}

/**
 * The `cwd` for a command line that `servers edit` was given from `base`: `base` when the line names
 * a relative path there, as `servers add` records it; the entry's own `cwd` when the path is found
 * there and not in `base` (an edit typed elsewhere); else undefined, the entry's `cwd` kept.
 */
export function typedFolderFor(commandLine: readonly string[], entryCwd: string | undefined, base = process.cwd()): string | undefined {
  const path = relativePathIn(commandLine, base);
  if (path === undefined) return undefined;
  const elsewhere = entryCwd !== undefined && isAbsolute(entryCwd) && !existsSync(resolve(base, path)) && existsSync(resolve(entryCwd, path));
  return elsewhere ? undefined : base;
}
