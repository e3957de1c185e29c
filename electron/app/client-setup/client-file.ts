import { createHash } from 'node:crypto';
import { lstat, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';
import { CodedError } from '../../../shared/errors';
import { errnoCode, readRegularFile } from '../../fs-safe';
import { checkClientFolders } from './client-file-owner';
import { linksOnTheWay, outsideThrough, throughLink } from './client-link-chain';
import { SYSTEM_ACCOUNT_FILES, type AccountFiles } from './group-members';
import { nestsDeeperThan } from './json-outline';

/**
 * Claude Code keeps every project's prompt history (pasted text too) in `~/.claude.json`: 5–50 MB on
 * a busy machine, 101 MB the largest reported. Editing one takes about eight to ten times its size
 * in memory (parse, edit, diff, write; peak RSS): test/bench/claude-json.ts, 40 MB ~450 MB, 107 MB
 * 1.0 GB, 136 MB 1.2 GB, 213 MB 1.8 GB; the CLI's `agents connect` at 107 MB 0.9 GB and at 133 MB
 * 1.1 GB, `agents disconnect` 1.1 and 1.4 GB; since the file is compared and backed up as bytes,
 * connect and disconnect at 126 MiB 0.9 GB (test/bench/claude-json-disconnect.ts). 128 MiB keeps the largest reported file with room to
 * grow while that moment stays near 1 GB; 256 MiB would ask for over 2 GB.
 */
export const MAX_CLIENT_FILE_BYTES = 128 * 1024 * 1024;

/** No client's configuration nests this deep; the JSONC parser that edits it recurses per level. */
export const MAX_CLIENT_FILE_DEPTH = 64;

export interface ClientFileRead {
  /** The path written to: the file itself, or the target of a link that stays inside the home folder. */
  target: string;
  /** Its text (without a byte order mark), `undefined` when there is no file yet. */
  text: string | undefined;
  /** Its permission bits, kept when it is written again. */
  mode: number | undefined;
  /** It began with a UTF-8 byte order mark (Windows editors write one; VS Code reads it): written back with it. */
  bom: boolean;
  /** SHA-256 of its bytes as read (the mark too; nothing for no file): what it must still be when written. */
  sha256: string;
  /** Its names (hard links): past one, a write (a rename of a new file) leaves the others with the old text. */
  links: number;
}

/** SHA-256 of the bytes, hex. */
export function bytesHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const NOTHING = bytesHash(new Uint8Array(0));

const BOM = '\uFEFF';

function inside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** Where `file` would be made: the nearest folder above it that exists, resolved through links, and the rest of its path below. */
async function realParent(file: string): Promise<string> {
  let dir = path.dirname(file);
  for (;;) {
    try {
      return path.join(await realpath(dir), path.relative(dir, file));
    } catch (error) {
      if (errnoCode(error) !== 'ENOENT' || path.dirname(dir) === dir) throw error;
      dir = path.dirname(dir);
    }
  }
}

const BY_HAND = 'set the client up by hand with `connected-services agents config`';

/** What a file system refusal means for the person, in words rather than an errno. */
function unreadable(file: string, error: unknown): CodedError {
  const code = errnoCode(error);
  const why =
    code === 'ELOOP' ? 'it is a link that leads round in a loop' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'ENOTDIR' ? 'a part of its path is not a folder' : (code ?? 'it could not be read');
  return new CodedError('invalid_config', `${file} could not be read: ${why}`, { hint: `Check the file and the folders above it, or ${BY_HAND}` });
}

/**
 * Where `file` really is: a link (the file or a folder above it) is followed only when it ends inside
 * the home folder; a link to nothing is refused, not replaced by a file of ours.
 */
/** The file the checks saw, by device and inode: the file read must be this one. */
interface FileIdentity {
  dev: number;
  ino: number;
}

async function resolveClientFile(file: string, realHome: string): Promise<{ target: string; exists: boolean; seen?: FileIdentity }> {
  let isLink = false;
  try {
    isLink = (await lstat(file)).isSymbolicLink();
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') throw error;
    const made = await realParent(file);
    if (!inside(realHome, made)) throw outside(file);
    return { target: made, exists: false };
  }
  let resolved: string;
  try {
    resolved = await realpath(file);
  } catch (error) {
    if (!isLink || errnoCode(error) !== 'ENOENT') throw error;
    throw new CodedError('invalid_config', `${file} is a link to ${await readlink(file).catch(() => '?')}, which does not exist; it is not written`, {
      hint: `Create the file it points to, remove the link, or ${BY_HAND}`,
    });
  }
  if (!inside(realHome, resolved)) throw outside(file);
  const { dev, ino } = await lstat(resolved);
  return { target: resolved, exists: true, seen: { dev, ino } };
}

/**
 * Reads a client's configuration file: bounded, a regular file only (never a FIFO or a device), in
 * folders no other account controls, through links only within the home folder.
 */
export async function readClientFile(file: string, home: string, uid: number | undefined = process.getuid?.(), accounts: AccountFiles = SYSTEM_ACCOUNT_FILES): Promise<ClientFileRead> {
  const { target, exists, seen } = await locateClientFile(file, home, uid, accounts);
  if (!exists) return { target: file, text: undefined, mode: undefined, bom: false, sha256: NOTHING, links: 0 };
  try {
    return await readResolved(file, target, seen);
  } catch (error) {
    throw error instanceof CodedError ? error : unreadable(file, error);
  }
}

/** Where a client file is written (and whether it is there yet), checked as readClientFile checks it, without reading it. */
export async function locateClientFile(file: string, home: string, uid: number | undefined = process.getuid?.(), accounts: AccountFiles = SYSTEM_ACCOUNT_FILES): Promise<{ target: string; exists: boolean; seen?: FileIdentity }> {
  const realHome = await realpath(home).catch((error: unknown) => {
    // Without a home folder every path "leads outside" it; say what is really wrong.
    if (errnoCode(error) === 'ENOENT') throw noHome(home, file);
    return path.resolve(home);
  });
  try {
    const { target, exists, seen } = await resolveClientFile(file, realHome);
    // A link's target gets the file's own checks at its real path; every link's folders on the way too (another account could re-point it).
    await checkClientFolders(target, realHome, uid, file, accounts);
    if (uid !== undefined) await checkLinks(file, home, realHome, uid, accounts);
    return { target: exists ? target : file, exists, ...(seen ? { seen } : {}) };
  } catch (error) {
    throw error instanceof CodedError ? error : unreadable(file, error);
  }
}

async function checkLinks(file: string, home: string, realHome: string, uid: number, accounts: AccountFiles): Promise<void> {
  const links = await linksOnTheWay(file, home, realHome);
  if (links.length === 0) return;
  const itself = await realParent(file);
  for (const link of links) {
    if (!inside(realHome, link)) throw outsideThrough(file, link);
    await checkClientFolders(link, realHome, uid, throughLink(file, link, itself), accounts);
  }
}

function swapped(file: string): CodedError {
  return new CodedError('invalid_config', `${file} was replaced while it was being read; it is not read or written`, { hint: 'Try again once nothing else is writing it' });
}

/**
 * Reads the checked file itself: the path is real, so a link found there now was swapped in after the
 * checks and is refused, not followed; the handle read must be the file checked, and its mode is the one kept.
 */
export async function readResolved(file: string, resolved: string, seen: FileIdentity | undefined): Promise<ClientFileRead> {
  const read = await readRegularFile(resolved, MAX_CLIENT_FILE_BYTES, { noFollow: true });
  if (('bytes' in read || read.problem === 'empty') && (read.info === undefined || (seen !== undefined && (read.info.dev !== seen.dev || read.info.ino !== seen.ino)))) throw swapped(file);
  if ('problem' in read) {
    if (read.problem === 'empty') return { target: resolved, text: '', mode: read.info!.mode & 0o777, bom: false, sha256: NOTHING, links: read.info!.nlink };
    if (read.problem === 'unreadable') throw errnoCode(read.cause) === 'ELOOP' ? swapped(file) : unreadable(file, read.cause);
    throw new CodedError(
      'invalid_config',
      read.problem === 'too_large'
        ? `${file} is larger than ${MAX_CLIENT_FILE_BYTES / 1024 / 1024} MiB, more than any client's configuration; it is not read or written`
        : `${file} is not a regular file (a folder, a FIFO or a device); it is not read or written`,
      { hint: `Check the file, or ${BY_HAND}` },
    );
  }
  const sha256 = bytesHash(read.bytes);
  const raw = read.bytes.toString('utf8');
  const bom = raw.startsWith(BOM);
  const text = bom ? raw.slice(BOM.length) : raw;
  if (nestsDeeperThan(text, MAX_CLIENT_FILE_DEPTH)) {
    throw new CodedError('invalid_config', `${file} nests deeper than ${MAX_CLIENT_FILE_DEPTH} levels, more than any client's configuration does; it is not read or written`, {
      hint: `Check the file, or ${BY_HAND}`,
    });
  }
  return { target: resolved, text, mode: read.info!.mode & 0o777, bom, sha256, links: read.info!.nlink };
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
