import { CodedError } from '../../shared/errors';
import { readRegularFile, readRegularFileSync, type RegularFileRead } from './read-regular-file';

/** Far above any file this app writes to its data folder: the bound for those without a tighter one of their own. */
export const MAX_STATE_FILE_BYTES = 16 * 1024 * 1024;

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`;
}

function textOf(read: RegularFileRead, file: string, maxBytes: number): string {
  if ('bytes' in read) return read.bytes.toString('utf8');
  switch (read.problem) {
    case 'empty':
      return '';
    case 'unreadable':
      throw read.cause;
    case 'not_regular':
      return refuse(`${file} is not a regular file (a FIFO, a device or a folder), so it is not read.`, file);
    case 'too_large':
      return refuse(`${file} is larger than ${sizeText(maxBytes)}, so it is not read.`, file);
  }
}

function refuse(message: string, file: string): never {
  throw new CodedError('invalid_config', message, { hint: `Move ${file} aside (or remove it); it is written anew when needed.` });
}

/**
 * A small file of the data folder (state or config) as text, in place of a plain readFile: a FIFO there
 * would block the read forever, a device or a huge file would be read without end. Throws the system's
 * error as is (ENOENT for a missing file), or an invalid_config CodedError naming the file.
 */
export async function readTextFile(file: string, maxBytes: number): Promise<string> {
  return textOf(await readRegularFile(file, maxBytes), file, maxBytes);
}

/** readTextFile, synchronously. */
export function readTextFileSync(file: string, maxBytes: number): string {
  return textOf(readRegularFileSync(file, maxBytes), file, maxBytes);
}
