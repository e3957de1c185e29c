import path from 'node:path';
import type { CoreEnvOptions } from '../../shared/core-env';
import { redactor } from '../../shared/redact';
import { JsonlLog } from '../fs-safe';
import { AuditEntrySchema, type AuditEntry, type AuditQuery } from './audit-entry';
import { callWindows, RecordedBytes } from './audit-budget';
import { CodedError } from '../../shared/errors';
import { AUDIT_READS_AT_ONCE, AUDIT_READS_WAITING, lastUse, pageOf, reachedServer, ReadSlots, type LastUse } from './audit-reads';
import { MISNAMED_PER_WINDOW, misnamedEntry, refusalWindows } from './audit-refusals';

export const AUDIT_DIR = 'audit';
export const AUDIT_FILE = 'audit.jsonl';
/**
 * About 30 MiB kept: agents calling at their full rate with arguments recorded write about 3 MB a
 * minute together (four agents, measured), so that is some 10 minutes of such a flood; docs/bridge.md#audit says what to do.
 */
export const DEFAULT_AUDIT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_AUDIT_KEEP = 5;
/** Recorded arguments/results longer than this (as JSON) are cut, so one call cannot flood the log. */
const MAX_RECORDED_CHARS = 16 * 1024;

/** The core's data folder (audit/ lives there) and, when given, its log; and the rotation. */
export interface AuditLogOptions extends Pick<CoreEnvOptions, 'dataDir' | 'log'> {
  /** Rotate when the current file would grow past this. */
  maxBytes?: number;
  /** Rotated files kept (audit.1.jsonl is the newest). */
  keep?: number;
}

/** Windows of counted entries written to this log: their counts are read live and written when it closes. */
export interface CountedWindows {
  endAll(): void;
  counting(): AuditEntry[];
}

/** An agent's call, counted per agent (audit-budget.ts); other writers' entries are windowed by them. */
const CALL_KINDS: ReadonlySet<AuditEntry['kind']> = new Set(['tool', 'resource', 'prompt']);

/** Redacted, and cut when large: what auditArguments records of arguments and results. */
export function recordable(value: unknown): unknown {
  const clean = redactor.redactValue(value);
  const text = JSON.stringify(clean) ?? 'null';
  return text.length <= MAX_RECORDED_CHARS ? clean : { truncated: true, preview: text.slice(0, MAX_RECORDED_CHARS) };
}

/**
 * Agent calls as append-only JSON lines in `<dataDir>/audit/audit.jsonl` (0600 in a 0700 folder),
 * rotated by size, appends batched: the generic writer is fs-safe's `JsonlLog`.
 */
export class AuditLog extends JsonlLog<AuditEntry> {
  readonly #bytes = new RecordedBytes();
  readonly #refusals = refusalWindows((entry) => super.append(this.#bytes.fit(entry)));
  readonly #calls = callWindows((entry) => super.append(this.#bytes.fit(entry)));
  /** Counted entries of other writers (a server's requests): their last windows are written at close too. */
  readonly #windows: CountedWindows[] = [this.#refusals, this.#calls];
  /** Each service's last call this process wrote (one per server name: config names, bounded): last use without reading back. */
  readonly #lastCalls = new Map<string, number>();
  /** Armed by endWindows: the process is stopping, and what its windows count after is written at exit. */
  #atExit: (() => void) | undefined;
  readonly #reads = new ReadSlots();

  constructor(options: AuditLogOptions) {
    super({
      dir: path.join(options.dataDir, AUDIT_DIR),
      base: 'audit',
      schema: AuditEntrySchema,
      maxBytes: options.maxBytes ?? DEFAULT_AUDIT_MAX_BYTES,
      keep: options.keep ?? DEFAULT_AUDIT_KEEP,
      ...(options.log ? { log: options.log } : {}),
    });
  }

  /** An agent's call (a tool, a read, a prompt) is counted past its bounds; any other entry is written as it is. */
  override append(entry: AuditEntry): void {
    if (!CALL_KINDS.has(entry.kind) || entry.repeated !== undefined) return super.append(entry);
    if (reachedServer(entry) && entry.time > (this.#lastCalls.get(entry.server) ?? -Infinity)) this.#lastCalls.set(entry.server, entry.time);
    this.#calls.add(entry.agent, entry.outcome, entry);
  }

  /** A refusal the agent caused alone (audit-refusals.ts): past a bound per minute, counted into one line. */
  appendRefusal(entry: AuditEntry): void {
    this.#refusals.add(entry.agent, '', entry);
  }

  /** A request refused for naming the bridge `localhost` or `[::1]` in its `header`: one a minute per header written, the rest counted. */
  appendMisnamed(value: string, time: number, header: 'Host' | 'Origin' = 'Host'): void {
    this.#refusals.add('', `misnamed ${header}`, misnamedEntry(value, time, header), MISNAMED_PER_WINDOW);
  }

  /** `windows` (audit-windows.ts) writes to this log: what they counted is written when it closes, not lost. */
  endAtClose(windows: CountedWindows): void {
    this.#windows.push(windows);
  }

  /**
   * Every window's count written now (queued; written at the latest when the process exits): once the
   * bridge has closed, before the slow part of a stop, so a stop cut short (a second signal, a kill)
   * does not lose the minute's counts. Later entries are counted as before; what they counted is
   * written at close, at the next call, or when the process exits before that (a stop's deadline).
   */
  endWindows(): void {
    for (const windows of this.#windows) windows.endAll();
    if (this.#atExit !== undefined) return;
    this.#atExit = () => {
      for (const windows of this.#windows) windows.endAll();
      this.writeQueuedSync();
    };
    process.once('exit', this.#atExit);
  }

  override async close(): Promise<void> {
    this.endWindows();
    await super.close();
    if (this.#atExit !== undefined) process.off('exit', this.#atExit);
  }

  /** Newest written first; `before`, the page written before that entry (audit-reads.ts, pageOf); two at once (ReadSlots). */
  read(query: AuditQuery = {}): Promise<AuditEntry[]> {
    return this.#reads.run(() => this.#read(query), () => new CodedError('rate_limited', `The audit log is being read ${AUDIT_READS_AT_ONCE + AUDIT_READS_WAITING} times at once already`, {
      hint: 'Try again in a moment.',
      data: { busy: true },
    }));
  }

  async #read(query: AuditQuery): Promise<AuditEntry[]> {
    const limit = Math.max(0, Math.min(query.limit ?? 100, 10_000));
    const matches = (e: AuditEntry): boolean =>
      (query.agent === undefined || e.agent === query.agent) &&
      (query.server === undefined || e.server === query.server) &&
      (query.outcome === undefined || e.outcome === query.outcome);
    // One more than the page: whether older entries match too.
    const { entries, positions } = await this.scan({ limit: limit + 1, keep: matches, ...(query.before !== undefined ? { before: query.before } : {}) });
    // A minute's count is written when the minute ends: read now, it shows a flood as it happens (`counting`), no line written for it.
    const counting = query.before !== undefined ? [] : this.#windows.flatMap((windows) => windows.counting()).filter(matches).map((e): AuditEntry => ({ ...e, counting: true }));
    return pageOf(counting, entries, positions, limit);
  }

  /** When each of `servers` was last called: this process's calls, then the audit newest first up to a bound (audit-reads.ts). */
  lastUse(servers: readonly string[], maxChars?: number): Promise<LastUse> {
    return lastUse(servers, (options) => this.scan(options), this.#lastCalls, maxChars);
  }
}
