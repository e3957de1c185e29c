import { constants } from 'node:fs';
import { lstat, open, realpath, unlink } from 'node:fs/promises';
import { CodedError } from '../../shared/errors';
import { errnoCode, fsFailure } from '../fs-safe';
import { shellQuote } from '../pool';

/** The vault's bound on one value (shared/api `setSecret`): a service-account key is ~2.4 KiB. */
export const MAX_SECRET_FILE_BYTES = 64 * 1024;

/** The file a secret was read from, as it was when read: what deleting "the original" must delete. */
export interface SecretFileOrigin {
  /** The path given. */
  file: string;
  /** The file read, when `file` is a symbolic link to it. */
  target?: string;
  dev: bigint;
  ino: bigint;
  /** Hard links to the file read: past one, its content stays reachable by another name after a delete. */
  links: bigint;
}

export interface SecretFile {
  value: string;
  /** A UTF-8 byte order mark began the file and is not part of the value: an editor's mark, never a key's. */
  bomDropped: boolean;
  origin: SecretFileOrigin;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

async function linkTarget(file: string): Promise<string | undefined> {
  try {
    return (await lstat(file)).isSymbolicLink() ? await realpath(file) : undefined;
  } catch (error) {
    throw fsFailure(error, 'read', file);
  }
}

/**
 * A secret's value from a file (a service-account key, a PEM key, a token file), byte for byte but
 * for a leading UTF-8 byte order mark: a regular file, not empty, at most 64 KiB, text (UTF-8). Errors
 * name the file, never its content. `storeCommand`: the command that stores this secret from standard
 * input, shell-quoted, for the hint on a binary file.
 */
export async function readSecretFile(file: string, options: { maxBytes?: number; storeCommand?: string } = {}): Promise<SecretFile> {
  const { maxBytes = MAX_SECRET_FILE_BYTES, storeCommand = 'connected-services secrets set NAME' } = options;
  let handle;
  try {
    // Non-blocking: opening a FIFO to read waits for a writer (POSIX open(2)); the check below refuses it.
    handle = await open(file, constants.O_RDONLY | ((constants.O_NONBLOCK as number | undefined) ?? 0));
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') throw new CodedError('not_found', `${file} does not exist.`, { hint: 'Check the path of the file to store.' });
    throw fsFailure(error, 'read', file);
  }
  try {
    const info = await handle.stat({ bigint: true });
    if (!info.isFile()) throw new CodedError('invalid_input', `${file} is not a regular file.`, { hint: 'Name the file that holds the secret (a key or token file).' });
    if (info.size === 0n) throw new CodedError('invalid_input', `${file} is empty; nothing was stored.`, { hint: 'Check that it is the right file.' });
    // Read one byte past the bound: a file that grows while read is caught too.
    const buffer = Buffer.alloc(maxBytes + 1);
    const { bytesRead } = await handle.read(buffer, 0, maxBytes + 1, 0);
    if (bytesRead > maxBytes) {
      throw new CodedError('invalid_input', `${file} is larger than ${maxBytes / 1024} KiB, more than one secret may hold.`, {
        hint: 'Store a key or token file, not a bundle; split it into several secrets if it holds several.',
      });
    }
    const bytes = buffer.subarray(0, bytesRead);
    let text: string | undefined;
    try {
      // ignoreBOM keeps a leading mark in the text; it is dropped below, and said.
      text = bytes.includes(0) ? undefined : new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      text = undefined;
    }
    if (text === undefined) {
      throw new CodedError('invalid_input', `${file} is not a text file; the vault stores text.`, {
        // Quoted as a shell reads it (a space or a quote in the path), and portable: macOS's base64 has no -w.
        hint: `Store it encoded: \`base64 < ${shellQuote(file)} | tr -d '\\n' | ${storeCommand}\`, and have the program decode it.`,
      });
    }
    const bomDropped = bytes.subarray(0, UTF8_BOM.length).equals(UTF8_BOM);
    const value = bomDropped ? text.slice(1) : text;
    if (value === '') throw new CodedError('invalid_input', `${file} holds only a byte order mark; nothing was stored.`, { hint: 'Check that it is the right file.' });
    const target = await linkTarget(file);
    return { value, bomDropped, origin: { file, ...(target === undefined ? {} : { target }), dev: info.dev, ino: info.ino, links: info.nlink } };
  } finally {
    await handle.close();
  }
}

/** What deleting the original removes, for the question asked before and the line said after. */
export function originalDescribed(origin: SecretFileOrigin): string {
  return origin.target === undefined ? origin.file : `${origin.target} (which the link ${origin.file} points to) and the link`;
}

/**
 * Deletes the file the secret was read from, once it is safely in the vault: through a symbolic link,
 * the file it points to and then the link (deleting the link alone would leave the secret on disk).
 * The file must still be the one read (device and inode), or nothing is deleted.
 */
export async function deleteOriginal(origin: SecretFileOrigin): Promise<void> {
  const read = origin.target ?? origin.file;
  let now;
  try {
    now = await lstat(read, { bigint: true });
  } catch (error) {
    throw fsFailure(error, 'delete', read);
  }
  if (now.dev !== origin.dev || now.ino !== origin.ino) {
    throw new CodedError('invalid_input', `${read} is no longer the file the secret was read from; nothing was deleted.`, {
      hint: `Check ${read} and delete the file that held the secret by hand.`,
    });
  }
  await unlinkOrFail(read);
  // The link goes too, if it is still a link (never a file put in its place since).
  if (origin.target !== undefined && (await lstat(origin.file).catch(() => undefined))?.isSymbolicLink() === true) await unlinkOrFail(origin.file);
}

async function unlinkOrFail(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    throw fsFailure(error, 'delete', file);
  }
}
