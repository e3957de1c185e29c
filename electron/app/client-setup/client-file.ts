import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { CodedError } from '../../../shared/errors';
import { nestsDeeper } from '../../bridge';
import { errnoCode, readRegularFile } from '../../fs-safe';
import { stripJsonc } from '../../registry';

/** A client's configuration is small; anything larger is not one. */
export const MAX_CLIENT_FILE_BYTES = 4 * 1024 * 1024;

/** No client's configuration nests this deep; the JSONC parser that edits it recurses per level. */
export const MAX_CLIENT_FILE_DEPTH = 64;

export interface ClientFileRead {
  /** The path written to: the file itself, or the target of a link that stays inside the home folder. */
  target: string;
  /** Its text, `undefined` when there is no file yet. */
  text: string | undefined;
  /** Its permission bits, kept when it is written again. */
  mode: number | undefined;
}

function inside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** The nearest folder above `file` that exists, resolved through links. */
async function realParent(file: string): Promise<string> {
  let dir = path.dirname(file);
  for (;;) {
    try {
      return await realpath(dir);
    } catch (error) {
      if (errnoCode(error) !== 'ENOENT' || path.dirname(dir) === dir) throw error;
      dir = path.dirname(dir);
    }
  }
}

/**
 * Reads a client's configuration file. A link (the file or a folder above it) is followed only when
 * it ends inside the home folder: a config linked out to a shared or system place is not ours to write.
 */
export async function readClientFile(file: string, home: string): Promise<ClientFileRead> {
  const realHome = await realpath(home).catch((error: unknown) => {
    // Without a home folder every path "leads outside" it; say what is really wrong.
    if (errnoCode(error) === 'ENOENT') throw noHome(home, file);
    return path.resolve(home);
  });
  let target = file;
  try {
    const info = await lstat(file);
    if (info.isSymbolicLink()) target = await realpath(file);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error;
    const parent = await realParent(file);
    if (!inside(realHome, path.join(parent, 'x'))) throw outside(file);
    return { target: file, text: undefined, mode: undefined };
  }
  const resolved = await realpath(target);
  if (!inside(realHome, resolved)) throw outside(file);
  const read = await readRegularFile(resolved, MAX_CLIENT_FILE_BYTES);
  if ('problem' in read) {
    if (read.problem === 'empty') return { target: resolved, text: '', mode: (await lstat(resolved)).mode & 0o777 };
    throw new CodedError('invalid_config', `${file} could not be read (${read.problem.replace('_', ' ')})`, { hint: 'Check the file, or set the client up by hand with `connected-services agents config`' });
  }
  const text = read.bytes.toString('utf8');
  if (nestsDeeper(stripJsonc(text), MAX_CLIENT_FILE_DEPTH)) {
    throw new CodedError('invalid_config', `${file} nests deeper than ${MAX_CLIENT_FILE_DEPTH} levels, more than any client's configuration does; it is not read or written`, {
      hint: 'Check the file, or set the client up by hand with `connected-services agents config`',
    });
  }
  return { target: resolved, text, mode: (await lstat(resolved)).mode & 0o777 };
}

function outside(file: string): CodedError {
  return new CodedError('denied', `${file} leads outside your home folder; it is not written`, {
    hint: 'Point the link back into your home folder, or set the client up by hand with `connected-services agents config`',
  });
}

function noHome(home: string, file: string): CodedError {
  return new CodedError('not_found', `Your home folder ${home} does not exist; ${file} is not written`, {
    hint: 'Set HOME to your home folder, or set the client up by hand with `connected-services agents config`',
  });
}
