import { constants } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { CodedError } from '../../shared/errors';
import { Bounded } from './read-regular-file';

/** Not defined on Windows, where no FIFO can be named by a path anyway. */
const FLAGS = constants.O_RDONLY | ((constants.O_NONBLOCK as number | undefined) ?? 0);
/** Bytes read at a time while looking for a file's first line end: an audit line is mostly under 1 KiB. */
const PEEK_BYTES = 4096;

/** One file of a log, opened once for a scan: it stays the same file when a rotation renames it meanwhile. */
export interface OpenedFile {
  /** Device and inode: the file under another name, after a rotation during the scan, is known as the one already read. */
  readonly identity: string;
  /** Its first line (the whole text when it has no line end): what its lines' positions name it by. */
  firstLine(): Promise<string>;
  /** Its whole text. */
  text(): Promise<string>;
  close(): Promise<void>;
}

function refuse(message: string, file: string): never {
  throw new CodedError('invalid_config', message, { hint: `Move ${file} aside (or remove it); it is written anew when needed.` });
}

/**
 * `file`, opened for reading, as readTextFile would read it: a FIFO, device or folder is refused before
 * it is opened (opening a FIFO blocks, POSIX open(2)), and its text is read up to `maxBytes`. Throws
 * the system's error as is (ENOENT when it is not there).
 */
export async function openScanFile(file: string, maxBytes: number): Promise<OpenedFile> {
  if (!(await stat(file)).isFile()) refuse(`${file} is not a regular file (a FIFO, a device or a folder), so it is not read.`, file);
  const handle = await open(file, FLAGS);
  try {
    const info = await handle.stat();
    if (!info.isFile()) refuse(`${file} is not a regular file (a FIFO, a device or a folder), so it is not read.`, file);
    return {
      // A file system without inode numbers (0) leaves each name its own file: no line dropped for a shared 0.
      identity: info.ino === 0 ? `name:${file}` : `${info.dev}:${info.ino}`,
      firstLine: () => firstLineOf(handle, maxBytes, file),
      text: () => textOf(handle, maxBytes, file),
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function firstLineOf(handle: FileHandle, maxBytes: number, file: string): Promise<string> {
  const chunks: Buffer[] = [];
  for (let read = 0; ; ) {
    const chunk = Buffer.alloc(PEEK_BYTES);
    const { bytesRead } = await handle.read(chunk, 0, PEEK_BYTES, read);
    const end = chunk.subarray(0, bytesRead).indexOf(0x0a);
    chunks.push(chunk.subarray(0, end >= 0 ? end : bytesRead));
    read += bytesRead;
    if (end >= 0 || bytesRead === 0) return Buffer.concat(chunks).toString('utf8');
    if (read > maxBytes) refuse(`${file} is larger than ${maxBytes} bytes, so it is not read.`, file);
  }
}

async function textOf(handle: FileHandle, maxBytes: number, file: string): Promise<string> {
  const into = new Bounded(maxBytes, (await handle.stat()).size);
  for (;;) {
    const { offset, length } = into.room();
    const done = into.took((await handle.read(into.buffer, offset, length, offset)).bytesRead);
    if (done === undefined) continue;
    if ('bytes' in done) return done.bytes.toString('utf8');
    if (done.problem === 'empty') return '';
    return refuse(`${file} is larger than ${maxBytes} bytes, so it is not read.`, file);
  }
}
