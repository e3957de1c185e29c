import type { LogLine, LogTail, ServerState, ServerStatus } from '../../../shared/api';
import { Emitter } from '../../../shared/events';
import { redact } from '../../../shared/redact';
import { revealHidden } from '../../../shared/text';
import type { UpstreamLog } from '../../pool';

export interface ServerLogLimits {
  /** Lines kept per server. */
  maxLines: number;
  /** UTF-8 bytes kept per server (all lines' text together). */
  maxBytes: number;
  /** A longer line is cut to this, once redacted, and says so. */
  maxLineChars: number;
  /** A longer line is not kept, only its length: it is redacted whole before it is cut, at a cost that grows with it (~30 ms a MiB). */
  maxLineInput: number;
  /** Servers with a log; the one written to least recently goes first. */
  maxServers: number;
}

export const DEFAULT_LOG_LIMITS: ServerLogLimits = {
  maxLines: 3000,
  maxBytes: 512 * 1024,
  maxLineChars: 16 * 1024,
  maxLineInput: 256 * 1024,
  maxServers: 200,
};
/** `readLogs` without a limit. */
export const DEFAULT_TAIL_LINES = 1000;

export interface ServerLogsOptions {
  limits?: Partial<ServerLogLimits>;
  now?: () => number;
}

type Entry = LogLine;

/** One server's lines: a ring of at most `maxLines` entries and `maxBytes` bytes of text. */
class Ring {
  readonly #slots: Array<{ line: Entry; bytes: number } | undefined>;
  #start = 0;
  #size = 0;
  #bytes = 0;
  /** The seq of the last line added (0: none yet). */
  last = 0;
  lastState: ServerState | undefined;

  constructor(readonly limits: ServerLogLimits) {
    this.#slots = new Array<{ line: Entry; bytes: number } | undefined>(limits.maxLines);
  }

  /** The seq of the oldest line still held (last + 1 when empty). */
  get first(): number {
    return this.last - this.#size + 1;
  }

  push(entry: Omit<Entry, 'seq'>): Entry {
    const line: Entry = { ...entry, seq: ++this.last };
    const capacity = this.#slots.length;
    if (this.#size === capacity) this.#dropOldest();
    const bytes = Buffer.byteLength(line.text, 'utf8');
    this.#slots[(this.#start + this.#size) % capacity] = { line, bytes };
    this.#size += 1;
    this.#bytes += bytes;
    while (this.#bytes > this.limits.maxBytes && this.#size > 1) this.#dropOldest();
    return line;
  }

  /** Lines with seq in [from, to], oldest first. */
  slice(from: number, to: number): Entry[] {
    const out: Entry[] = [];
    const first = this.first;
    for (let seq = Math.max(from, first); seq <= Math.min(to, this.last); seq += 1) {
      const slot = this.#slots[(this.#start + (seq - first)) % this.#slots.length];
      if (slot) out.push(slot.line);
    }
    return out;
  }

  #dropOldest(): void {
    const oldest = this.#slots[this.#start];
    this.#slots[this.#start] = undefined;
    this.#start = (this.#start + 1) % this.#slots.length;
    this.#size -= 1;
    this.#bytes -= oldest?.bytes ?? 0;
  }
}

/** A pool diagnostic line names its server first: `[NAME] …` (server names: letters, digits, `_`, `-`). */
const POOL_LINE = /^\[([A-Za-z0-9][A-Za-z0-9_-]{0,47})\] ([\s\S]*)$/;
const STDERR = 'stderr: ';

function stateText(status: ServerStatus): string {
  const error = status.state === 'error' || status.state === 'needs_auth' ? status.lastError : undefined;
  return error ? `${status.state}: ${error.message}` : status.state;
}

/**
 * What each server said, kept in memory for the Logs tab and `logs SERVER` (docs/desktop.md, Logs): a bounded
 * ring per server (lines and characters), every line redacted and with control characters shown as
 * escapes. New lines are announced once per tick, in order, as `lines`.
 */
export class ServerLogs {
  readonly #limits: ServerLogLimits;
  readonly #now: () => number;
  /** In insertion order of the last write: the first one is the least recently written. */
  readonly #rings = new Map<string, Ring>();
  readonly #emitter = new Emitter<{ lines: { server: string; lines: LogLine[] } }>();
  #pending = new Map<string, LogLine[]>();
  #flushQueued = false;

  constructor(options: ServerLogsOptions = {}) {
    this.#limits = { ...DEFAULT_LOG_LIMITS, ...options.limits };
    this.#now = options.now ?? Date.now;
  }

  on(event: 'lines', listener: (payload: { server: string; lines: LogLine[] }) => void): () => void {
    return this.#emitter.on(event, listener);
  }

  /** A line of the pool's log: kept when it names a server (`[NAME] stderr: …` is the server's own). */
  poolLine(line: string): void {
    const match = POOL_LINE.exec(line);
    if (!match) return;
    const [, server = '', rest = ''] = match;
    if (rest.startsWith(STDERR)) this.#add(server, 'stderr', rest.slice(STDERR.length));
    else this.#add(server, 'note', rest);
  }

  /** A status from the pool: kept when the state changed (a server first seen idle is not news). */
  state(status: ServerStatus): void {
    const ring = this.#rings.get(status.name);
    if (ring?.lastState === status.state) return;
    if (!ring && status.state === 'idle') return;
    this.#add(status.name, 'state', stateText(status)).lastState = status.state;
  }

  /** The server's own log message (`notifications/message`). */
  message(log: UpstreamLog): void {
    let text: string;
    try {
      text = typeof log.data === 'string' ? log.data : (JSON.stringify(log.data) ?? String(log.data));
    } catch {
      text = '(a log message that is not JSON)';
    }
    this.#add(log.server, 'message', log.logger !== undefined ? `${log.logger}: ${text}` : text, log.level);
  }

  /** Lines of `server`: the last `limit`, or those after `after` (oldest first, up to `limit`). */
  read(server: string, options: { after?: number; limit?: number } = {}): LogTail {
    const limit = options.limit ?? DEFAULT_TAIL_LINES;
    const ring = this.#rings.get(server);
    if (!ring) return { server, lines: [], cursor: 0, missed: 0 };
    if (options.after === undefined) {
      const lines = ring.slice(ring.last - limit + 1, ring.last);
      return { server, lines, cursor: ring.last, missed: 0 };
    }
    // A cursor from before a restart of the app (past our last line) reads from the start.
    const after = options.after > ring.last ? 0 : options.after;
    const missed = Math.max(0, ring.first - after - 1);
    const lines = ring.slice(after + 1, after + limit);
    return { server, lines, cursor: lines.at(-1)?.seq ?? Math.max(after, ring.first - 1), missed };
  }

  /** Forgets the logs of servers no longer configured. */
  retain(servers: readonly string[]): void {
    const keep = new Set(servers);
    for (const name of [...this.#rings.keys()]) if (!keep.has(name)) this.#rings.delete(name);
  }

  #ring(server: string): Ring {
    let ring = this.#rings.get(server);
    if (ring) {
      // Most recently written last: the Map's order is the eviction order.
      this.#rings.delete(server);
    } else {
      ring = new Ring(this.#limits);
      const oldest = this.#rings.size >= this.#limits.maxServers ? this.#rings.keys().next().value : undefined;
      if (oldest !== undefined) this.#rings.delete(oldest);
    }
    this.#rings.set(server, ring);
    return ring;
  }

  #add(server: string, kind: LogLine['kind'], raw: string, level?: string): Ring {
    // State lines are ours and may quote the server's last stderr lines (already escaped) one a line.
    const text = revealHidden(this.#redactedCut(raw), kind === 'state' ? ['\t', '\n'] : ['\t']);
    const ring = this.#ring(server);
    const line = ring.push({ at: this.#now(), kind, ...(level !== undefined ? { level } : {}), text });
    const pending = this.#pending.get(server);
    if (pending) pending.push(line);
    else this.#pending.set(server, [line]);
    if (!this.#flushQueued) {
      this.#flushQueued = true;
      queueMicrotask(() => this.#flush());
    }
    return ring;
  }

  /**
   * Redacted whole, then cut, then (by the caller) control characters shown, so a server can neither
   * hide nor forge a line. Never cut first: a secret across the cut would keep its first half in clear.
   */
  #redactedCut(raw: string): string {
    const { maxLineChars: max, maxLineInput } = this.#limits;
    if (raw.length > maxLineInput) return `(a line of ${raw.length} characters, not kept: longer than ${maxLineInput})`;
    const clean = redact(raw);
    return clean.length > max ? `${clean.slice(0, max)}… (${clean.length - max} more characters not kept)` : clean;
  }

  #flush(): void {
    this.#flushQueued = false;
    const pending = this.#pending;
    this.#pending = new Map();
    for (const [server, lines] of pending) this.#emitter.emit('lines', { server, lines });
  }
}
