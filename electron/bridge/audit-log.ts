import path from 'node:path';
import { chmod, mkdir, open, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import { redact, redactor } from '../../shared/redact';
import { AuditEntrySchema, type AuditEntry, type AuditQuery } from './audit-entry';
import { Emitter } from '../../shared/events';

export const AUDIT_DIR = 'audit';
export const AUDIT_FILE = 'audit.jsonl';
export const DEFAULT_AUDIT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_AUDIT_KEEP = 5;
/** Entries are written in batches at most this often: one file write per batch, not per call. */
const BATCH_MS = 20;
/** Recorded arguments/results longer than this (as JSON) are cut, so one call cannot flood the log. */
const MAX_RECORDED_CHARS = 16 * 1024;

export interface AuditLogOptions {
  dataDir: string;
  /** Rotate when the current file would grow past this. */
  maxBytes?: number;
  /** Rotated files kept (audit.1.jsonl is the newest). */
  keep?: number;
  log?: (line: string) => void;
}

export interface AuditEvents {
  entry: AuditEntry;
}

/** Redacted, and cut when large: what auditArguments records of arguments and results. */
export function recordable(value: unknown): unknown {
  const clean = redactor.redactValue(value);
  const text = JSON.stringify(clean) ?? 'null';
  return text.length <= MAX_RECORDED_CHARS ? clean : { truncated: true, preview: text.slice(0, MAX_RECORDED_CHARS) };
}

/**
 * Append-only JSON lines in `<dataDir>/audit/audit.jsonl` (0600 in a 0700 folder), rotated by size.
 * Appends are batched (one write per BATCH_MS at most), so the log costs little at any call rate.
 */
export class AuditLog {
  readonly dir: string;
  readonly file: string;
  readonly #maxBytes: number;
  readonly #keep: number;
  readonly #log: (line: string) => void;
  readonly #emitter: Emitter<AuditEvents>;
  #queue: string[] = [];
  #writing: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #size = 0;
  /** Kept open between writes: an open/close per batch costs more than the write itself. */
  #handle: FileHandle | undefined;
  #closed = false;

  constructor(options: AuditLogOptions) {
    this.dir = path.join(options.dataDir, AUDIT_DIR);
    this.file = path.join(this.dir, AUDIT_FILE);
    this.#maxBytes = options.maxBytes ?? DEFAULT_AUDIT_MAX_BYTES;
    this.#keep = Math.max(1, options.keep ?? DEFAULT_AUDIT_KEEP);
    this.#log = (line) => options.log?.(redact(line));
    this.#emitter = new Emitter((error) => this.#log(`an audit listener failed: ${String(error)}`));
  }

  append(entry: AuditEntry): void {
    if (this.#closed) return;
    this.#queue.push(`${JSON.stringify(entry)}\n`);
    if (this.#timer === undefined && this.#writing === undefined) this.#timer = setTimeout(() => this.#startDrain(), BATCH_MS);
    this.#emitter.emit('entry', entry);
  }

  /** Resolves when everything appended so far is on disk. */
  async flush(): Promise<void> {
    if (this.#timer !== undefined) this.#startDrain();
    while (this.#writing) await this.#writing;
  }

  #startDrain(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#writing ??= this.#drain();
  }

  async read(query: AuditQuery = {}): Promise<AuditEntry[]> {
    await this.flush();
    const limit = Math.max(0, Math.min(query.limit ?? 100, 10_000));
    const out: AuditEntry[] = [];
    for (const file of this.#files()) {
      if (out.length >= limit) break;
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch {
        continue;
      }
      const lines = text.split('\n');
      for (let i = lines.length - 1; i >= 0 && out.length < limit; i--) {
        const line = lines[i];
        if (!line) continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch {
          continue;
        }
        const entry = AuditEntrySchema.safeParse(parsed);
        if (!entry.success) continue;
        const e = entry.data;
        if (query.agent !== undefined && e.agent !== query.agent) continue;
        if (query.server !== undefined && e.server !== query.server) continue;
        if (query.outcome !== undefined && e.outcome !== query.outcome) continue;
        out.push(e);
      }
    }
    return out;
  }

  on<E extends keyof AuditEvents>(event: E, listener: (payload: AuditEvents[E]) => void): () => void {
    return this.#emitter.on(event, listener);
  }

  /** Writes what is queued, then accepts nothing more. Idempotent. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.flush();
    const handle = this.#handle;
    this.#handle = undefined;
    await handle?.close().catch(() => undefined);
  }

  /** Current file first, then the rotated ones, newest to oldest. */
  #files(): string[] {
    const files = [this.file];
    for (let n = 1; n <= this.#keep; n++) files.push(this.#rotated(n));
    return files;
  }

  #rotated(n: number): string {
    return path.join(this.dir, `audit.${n}.jsonl`);
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const chunk = this.#queue.join('');
        this.#queue = [];
        try {
          await this.#write(chunk);
        } catch (error) {
          // Reopen on the next write (the file may have been moved or the disk was full).
          await this.#handle?.close().catch(() => undefined);
          this.#handle = undefined;
          this.#log(`could not write the audit log ${this.file}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    } finally {
      this.#writing = undefined;
    }
  }

  async #write(chunk: string): Promise<void> {
    const bytes = Buffer.byteLength(chunk);
    let handle = this.#handle ?? (await this.#open());
    if (this.#size > 0 && this.#size + bytes > this.#maxBytes) {
      await this.#rotate();
      handle = await this.#open();
    }
    await handle.write(chunk);
    this.#size += bytes;
  }

  async #open(): Promise<FileHandle> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const handle = await open(this.file, 'a', 0o600);
    // The mode applies only when open creates the file: make sure of 0600 either way.
    if (process.platform !== 'win32') await chmod(this.file, 0o600);
    this.#size = (await handle.stat()).size;
    this.#handle = handle;
    return handle;
  }

  async #rotate(): Promise<void> {
    await this.#handle?.close();
    this.#handle = undefined;
    await rm(this.#rotated(this.#keep), { force: true });
    for (let n = this.#keep - 1; n >= 1; n--) {
      await rename(this.#rotated(n), this.#rotated(n + 1)).catch(() => undefined);
    }
    await rename(this.file, this.#rotated(1));
  }
}
