import path from 'node:path';
import { closeSync, fchmodSync, fstatSync, mkdirSync, openSync, statSync, writeSync } from 'node:fs';
import type { z } from 'zod';
import { Emitter } from '../../shared/events';
import { redact } from '../../shared/redact';
import { errorMessage } from '../../shared/errors';
import { errnoCode } from './fs-errors';
import { openScanFile } from './jsonl-file';
import { rotateIfStill } from './jsonl-rotation';
import { endTornLine } from './torn-line';
import { scanNewest, type ScanOptions, type ScanResult } from './jsonl-scan';

export const DEFAULT_JSONL_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_JSONL_KEEP = 5;
/**
 * Entries are written in batches: one per run of synchronous code, as a microtask at its end (one
 * `write`, synchronous, with a `stat` of the path for another process's rotation), so an entry is in
 * the file (the kernel's page cache) before the code that appended it goes on to answer anyone: a
 * process killed after that answer loses no entry. Synchronous on purpose: through libuv's threadpool
 * each `stat` and `write` woke a worker thread and then the main thread (docs/bridge.md, wakeups).
 */
const batchAtEnd = (run: () => void): void => queueMicrotask(run);

/** Logs with entries not yet written, flushed synchronously when the process exits (process.exit, an uncaught error). */
const unwritten = new Set<JsonlLog<unknown>>();
let exitHook = false;
function flushAtExit(): void {
  for (const log of unwritten) log.writeQueuedSync();
}

export interface JsonlLogOptions<T> {
  /** The folder (created 0700). */
  dir: string;
  /** The file's base name: `<base>.jsonl`, rotated to `<base>.1.jsonl` (the newest) … `<base>.<keep>.jsonl`. */
  base: string;
  /** Lines that do not parse are skipped on read (a torn write, an older format). */
  schema: z.ZodType<T>;
  /** Rotate when the current file would grow past this. */
  maxBytes?: number;
  keep?: number;
  log?: (line: string) => void;
  /** Arms the batch; tests inject it. Default: a microtask. */
  setTimer?: (run: () => void) => void;
}

export interface JsonlLogEvents<T> {
  entry: T;
}

/**
 * Append-only JSON lines (0600 in a 0700 folder), rotated by size, appends batched. Opened with
 * O_APPEND, so whole lines from several processes do not interleave.
 */
export class JsonlLog<T> {
  readonly dir: string;
  readonly file: string;
  readonly #base: string;
  readonly #schema: z.ZodType<T>;
  readonly #maxBytes: number;
  readonly #keep: number;
  readonly #log: (line: string) => void;
  readonly #emitter: Emitter<JsonlLogEvents<T>>;
  #queue: string[] = [];
  #writing: Promise<void> | undefined;
  #armed = false;
  readonly #setTimer: (run: () => void) => void;
  #size = 0;
  /** Kept open between writes: an open/close per batch costs more than the write itself. */
  #fd: number | undefined;
  /** Which file the handle is (device, inode): another process's rotation puts a new one at `file`. */
  #opened: { dev: number; ino: number } | undefined;
  #closed = false;

  constructor(options: JsonlLogOptions<T>) {
    this.dir = options.dir;
    this.#base = options.base;
    this.file = path.join(this.dir, `${options.base}.jsonl`);
    this.#schema = options.schema;
    this.#maxBytes = options.maxBytes ?? DEFAULT_JSONL_MAX_BYTES;
    this.#keep = Math.max(1, options.keep ?? DEFAULT_JSONL_KEEP);
    this.#log = (line) => options.log?.(redact(line));
    this.#emitter = new Emitter((error) => this.#log(`a listener of ${this.file} failed: ${String(error)}`));
    this.#setTimer = options.setTimer ?? batchAtEnd;
  }

  append(entry: T): void {
    if (this.#closed) return;
    this.#queue.push(`${JSON.stringify(entry)}\n`);
    this.#arm();
    this.#emitter.emit('entry', entry);
  }

  /** Resolves when everything appended so far is on disk. */
  async flush(): Promise<void> {
    this.#writeBatch();
    for (let writing = this.#startDrain(); writing; writing = this.#startDrain()) await writing;
  }

  /** The write under way, or one started for what is queued; undefined when nothing is left. */
  #startDrain(): Promise<void> | undefined {
    // Only with something queued: #drain then awaits its write before clearing #writing.
    if (this.#writing === undefined && this.#queue.length > 0) this.#writing = this.#drain();
    return this.#writing;
  }

  /** What is queued, appended synchronously: for the process's exit, when nothing async runs any more. */
  writeQueuedSync(): void {
    if (this.#queue.length === 0) return;
    const chunk = this.#queue.join('');
    this.#queue = [];
    unwritten.delete(this as JsonlLog<unknown>);
    try {
      // The file at the path, as appendFileSync would: another process may have rotated it.
      writeSync(this.#reopen(), chunk);
    } catch {
      // Exiting: nowhere left to report it.
    }
  }

  /** One batch armed at a time, and none while a rotation runs: entries that come meanwhile wait for the next batch. */
  #arm(): void {
    unwritten.add(this as JsonlLog<unknown>);
    if (!exitHook) {
      exitHook = true;
      process.once('exit', flushAtExit);
    }
    if (this.#armed || this.#writing) return;
    this.#armed = true;
    this.#setTimer(() => {
      this.#armed = false;
      this.#writeBatch();
    });
  }

  /** What is queued, written now; only a rotation (under a lock, so async) leaves it to #drain. */
  #writeBatch(): void {
    if (this.#writing !== undefined || this.#queue.length === 0) return;
    const chunk = this.#queue.join('');
    try {
      if (!this.#appendSync(chunk)) {
        void this.#startDrain();
        return;
      }
    } catch (error) {
      this.#failed(error);
    }
    this.#queue = [];
    unwritten.delete(this as JsonlLog<unknown>);
  }

  /** Newest first, across the rotated files, keeping those `keep` accepts, at most `limit`. */
  async readWhere(limit: number, keep: (entry: T) => boolean = () => true): Promise<T[]> {
    return (await this.scan({ limit, keep })).entries;
  }

  /** As readWhere, and it may stop early (`maxChars` of lines read: `cut`) or skip lines unparsed (jsonl-scan.ts). */
  async scan(options: ScanOptions<T>): Promise<ScanResult<T>> {
    await this.flush();
    return scanNewest(this.#files(), this.#schema, async (file) => {
      try {
        // Rotation keeps a file near maxBytes, but another process's appends are not counted there.
        const opened = await openScanFile(file, 4 * this.#maxBytes);
        const skipped = (error: unknown): undefined => {
          this.#log(`skipped ${file}: ${errorMessage(error)}`);
          return undefined;
        };
        return { ...opened, firstLine: () => opened.firstLine().catch(skipped), text: () => opened.text().catch(skipped) };
      } catch (error) {
        if (errnoCode(error) !== 'ENOENT') this.#log(`skipped ${file}: ${errorMessage(error)}`);
        return undefined;
      }
    }, options);
  }

  on<E extends keyof JsonlLogEvents<T>>(event: E, listener: (payload: JsonlLogEvents<T>[E]) => void): () => void {
    return this.#emitter.on(event, listener);
  }

  /** Writes what is queued, then accepts nothing more. Idempotent. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.flush();
    this.#closeFd();
  }

  /** Current file first, then the rotated ones, newest to oldest. */
  #files(): string[] {
    const files = [this.file];
    for (let n = 1; n <= this.#keep; n++) files.push(this.#rotated(n));
    return files;
  }

  #rotated(n: number): string {
    return path.join(this.dir, `${this.#base}.${n}.jsonl`);
  }

  /** Everything queued, written by #write (with a rotation when due); what is appended meanwhile waits for the next batch. */
  async #drain(): Promise<void> {
    try {
      const chunk = this.#queue.join('');
      this.#queue = [];
      unwritten.delete(this as JsonlLog<unknown>);
      try {
        await this.#write(chunk);
      } catch (error) {
        this.#failed(error);
      }
    } finally {
      this.#writing = undefined;
      if (this.#queue.length > 0 && !this.#closed) this.#arm();
    }
  }

  #failed(error: unknown): void {
    // Reopen on the next write (the file may have been moved or the disk was full).
    this.#closeFd();
    this.#log(`could not write ${this.file}: ${errorMessage(error)}`);
  }

  /** Appends `chunk` unless the file must be rotated first (false). */
  #appendSync(chunk: string): boolean {
    const bytes = Buffer.byteLength(chunk);
    const fd = this.#fd ?? this.#open();
    // Another process (serve, a CLI command) may have rotated the file since we opened it, and its
    // appends count toward the size: the file at the path decides, not what we remember.
    const there = statSync(this.file, { throwIfNoEntry: false });
    const current = there === undefined || there.ino !== this.#opened?.ino || there.dev !== this.#opened.dev ? this.#reopen() : fd;
    if (there !== undefined && current === fd) this.#size = there.size;
    if (this.#size > 0 && this.#size + bytes > this.#maxBytes) return false;
    writeSync(current, chunk);
    this.#size += bytes;
    return true;
  }

  /** The batch with a rotation first (under the rotation lock). */
  async #write(chunk: string): Promise<void> {
    if (this.#appendSync(chunk)) return;
    const opened = this.#opened;
    try {
      if (opened) await rotateIfStill(this.file, opened, this.#keep, (n) => this.#rotated(n));
    } catch (error) {
      // A lock that cannot be had leaves the file longer than maxBytes; the entries are still written.
      this.#log(`could not rotate ${this.file}: ${errorMessage(error)}`);
    }
    writeSync(this.#reopen(), chunk);
    this.#size += Buffer.byteLength(chunk);
  }

  #closeFd(): void {
    const fd = this.#fd;
    this.#fd = undefined;
    if (fd === undefined) return;
    try {
      closeSync(fd);
    } catch {
      // Already gone: nothing to release.
    }
  }

  #reopen(): number {
    this.#closeFd();
    return this.#open();
  }

  #open(): number {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    // Readable too: a torn last line is ended before anything is appended to it.
    const fd = openSync(this.file, 'a+', 0o600);
    try {
      // The mode applies only when open creates the file: make sure of 0600 either way.
      if (process.platform !== 'win32') fchmodSync(fd, 0o600);
      const { size, dev, ino } = fstatSync(fd);
      this.#size = endTornLine(fd, size);
      this.#opened = { dev, ino };
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    this.#fd = fd;
    return fd;
  }
}
