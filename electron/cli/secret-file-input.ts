import { constants } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { CodedError } from '../../shared/errors';
import { errnoCode, fsFailure } from '../fs-safe';

/** The vault's bound on one value (shared/api `setSecret`): a service-account key is ~2.4 KiB. */
export const MAX_SECRET_FILE_BYTES = 64 * 1024;

/**
 * A secret's value from a file (a service-account key, a PEM key, a token file), byte for byte:
 * a regular file, not empty, at most 64 KiB, text (UTF-8). Errors name the file, never its content.
 */
export async function readSecretFile(file: string, maxBytes = MAX_SECRET_FILE_BYTES): Promise<string> {
  let handle;
  try {
    // Non-blocking: opening a FIFO to read waits for a writer (POSIX open(2)); the check below refuses it.
    handle = await open(file, constants.O_RDONLY | ((constants.O_NONBLOCK as number | undefined) ?? 0));
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') throw new CodedError('not_found', `${file} does not exist.`, { hint: 'Check the path of the file to store.' });
    throw fsFailure(error, 'read', file);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new CodedError('invalid_input', `${file} is not a regular file.`, { hint: 'Name the file that holds the secret (a key or token file).' });
    if (info.size === 0) throw new CodedError('invalid_input', `${file} is empty; nothing was stored.`, { hint: 'Check that it is the right file.' });
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
      text = bytes.includes(0) ? undefined : new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = undefined;
    }
    if (text === undefined) {
      throw new CodedError('invalid_input', `${file} is not a text file; the vault stores text.`, {
        hint: `Store it encoded: \`base64 -w0 ${file} | connected-services secrets set NAME\`, and have the program decode it.`,
      });
    }
    return text;
  } finally {
    await handle.close();
  }
}

/** Deletes the file the secret came from, once it is safely in the vault. */
export async function deleteOriginal(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    throw fsFailure(error, 'delete', file);
  }
}
