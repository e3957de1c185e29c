import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CodedError } from '../../shared/errors';
import { shellQuote } from '../../shared/text';
import { errnoCode, fsFailure } from '../fs-safe';
import { notAFolder } from './data-dir';
import { firstRunWords, type FirstRunPlace } from './first-run';

/** What is at `path`: a folder, something else (a file where a folder of it should be counts), or nothing. */
function whatIsAt(path: string): 'folder' | 'file' | 'nothing' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOTDIR') return 'file';
    if (code === 'ENOENT') return 'nothing';
    throw fsFailure(error, 'open the data folder', path);
  }
}

/** Where a new data folder's start is said: the command line or the desktop app's window, and whether the demo servers are written. */
export interface HomeFolderStart {
  place: FirstRunPlace;
  demo?: boolean;
}

/**
 * What to do when the folder above a new data folder is missing too, in the words of where it is
 * said: a command at the command line, a folder to create wherever the person makes folders in the
 * app's (a dialog sends no one to a shell, and `mkdir -p` is not every platform's).
 */
function createParentHint(parent: string, place: FirstRunPlace): string {
  const start = 'Check the path for a typo; to start a new data folder there, create';
  return place === 'app' ? `${start} the folder ${parent} first, then start the app again` : `${start} ${parent} first (mkdir -p ${shellQuote(parent)})`;
}

/**
 * `--home` or CONNECTED_SERVICES_HOME names a folder the person typed: a missing one is made when the
 * folder above it exists (a new data folder, told once through `note`), and refused when that is
 * missing too, as a typo most likely is, instead of quietly starting a new data folder in a new
 * tree; a file in its place or above it is refused. `by` is what named it, as the person wrote it;
 * `start` where the person looks, whose words say what the new folder starts with (firstRunWords)
 * and what to do about a missing folder above it.
 * Synchronous: the desktop app runs it before Electron is ready, where nothing may wait. Its
 * permissions are the data folder's own check (ensureDataDir).
 */
export function prepareHomeFolder(home: string, note: (line: string) => void, by = '--home', start: HomeFolderStart = { place: 'command line' }): void {
  const dir = resolve(home);
  const here = whatIsAt(dir);
  if (here === 'folder') return;
  if (here === 'file') throw notAFolder(dir);
  const parent = dirname(dir);
  const above = whatIsAt(parent);
  if (above === 'file') throw notAFolder(dir);
  if (above === 'nothing') {
    throw new CodedError('invalid_input', `${by} ${dir}: neither that folder nor the folder above it (${parent}) exists`, {
      hint: createParentHint(parent, start.place),
    });
  }
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    // Made meanwhile by another command: as good as ours.
    if (errnoCode(error) === 'EEXIST' && whatIsAt(dir) === 'folder') return;
    throw fsFailure(error, 'create the data folder', dir);
  }
  note(`note: created a new data folder at ${dir} (${by} named a folder that did not exist); ${firstRunWords(start.place, start.demo)}`);
}
