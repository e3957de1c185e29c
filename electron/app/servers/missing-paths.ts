import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { isStdio, type ServerConfig } from '../../../shared/config';

/** An argument that reads as a whole path on its own: not a flag's value (`--a=/x`), a volume (`/a:/b`) or a reference. */
function pathArgument(arg: string): boolean {
  if (arg.includes('${') || arg.includes('=')) return false;
  if (/^[A-Za-z]:[\\/]/.test(arg)) return !arg.slice(2).includes(':');
  return arg.startsWith('/') && !arg.includes(':');
}

export interface MissingPath {
  note: string;
  /** What is not there: the program, the folder, the argument, or for `argumentFolder` the folder it goes in. */
  path: string;
  /** `argumentFolder`: a flag's value whose folder is missing too, said of the folder. */
  kind: 'program' | 'folder' | 'argument' | 'argumentFolder';
  /**
   * `doctor` checks it too: the program, the folder it runs in, an argument standing alone, and a
   * flag's value whose folder is missing (a server may create a file, seldom the folder it goes in).
   */
  doctorChecks: boolean;
}

/**
 * What an entry names on this computer that is not there (yet), each as a sentence: its program
 * (a command with a slash; a bare name is found on PATH), the folder it runs in, and an argument
 * that is a whole path (Filesystem's folder, or the folder of a flag's value). Said before it is added, never refused: it may be
 * made later, or by the server itself; but a typo would otherwise show only when it fails to start.
 */
export function missingPaths(config: ServerConfig, from: string = process.cwd()): MissingPath[] {
  if (!isStdio(config)) return [];
  const notes: MissingPath[] = [];
  const cannotStart = (path: string, kind: 'program' | 'folder'): MissingPath => ({ note: `${path} does not exist (yet): the server cannot start until it does`, path, kind, doctorChecks: true });
  if (config.cwd !== undefined && isAbsolute(config.cwd) && !existsSync(config.cwd)) notes.push(cannotStart(config.cwd, 'folder'));
  if (config.command.includes('/') && !config.command.includes('${') && !config.command.startsWith('~')) {
    const command = isAbsolute(config.command) ? config.command : resolve(config.cwd ?? from, config.command);
    if (!existsSync(command)) notes.push(cannotStart(command, 'program'));
  }
  const args = config.args ?? [];
  args.forEach((arg, at) => {
    if (!pathArgument(arg) || existsSync(arg)) return;
    // `--db-path /x/new.db`: a file the server may make itself; a path standing alone is one it reads (Filesystem's folder).
    const standsAlone = !(args[at - 1] ?? '').startsWith('--');
    const folder = dirname(arg);
    // `--read-only /x/gone/dir` with /x/gone missing: a server makes a file or a folder, seldom the folders above it.
    if (!standsAlone && !existsSync(folder)) {
      const note = `${arg} (among its arguments) goes in ${folder}, which does not exist (yet): a server seldom makes it; create ${folder} if the server should find or make ${arg} there, else check the path`;
      notes.push({ note, path: folder, kind: 'argumentFolder', doctorChecks: true });
      return;
    }
    notes.push({ note: `${arg}, among its arguments, does not exist (yet): if the server should find it there, check the path`, path: arg, kind: 'argument', doctorChecks: standsAlone });
  });
  return notes;
}
