import type { ScanOptions, ScanResult } from '../fs-safe';
import type { AuditEntry } from './audit-entry';

/** Arguments and results (as JSON) one readAudit answer carries; older entries past it come without theirs. */
export const ANSWER_VALUE_BYTES = 2 * 1024 * 1024;
/** Servers one last-use question may name. */
export const MAX_LAST_USE_SERVERS = 1000;

const sizeOf = (value: unknown): number => (value === undefined ? 0 : (JSON.stringify(value)?.length ?? 0));

/**
 * With auditArguments on, 5,000 entries could carry 160 MB of recorded values into one answer (and
 * the renderer). Newest first, entries keep theirs until the answer holds `maxBytes` of them; the
 * older ones say `"leftOut": "answer"` (the file keeps them: a narrower query shows them).
 */
export function boundAnswer(entries: AuditEntry[], maxBytes = ANSWER_VALUE_BYTES): AuditEntry[] {
  let carried = 0;
  for (const entry of entries) {
    if (entry.arguments === undefined && entry.result === undefined) continue;
    const bytes = sizeOf(entry.arguments) + sizeOf(entry.result);
    if (carried + bytes <= maxBytes) {
      carried += bytes;
      continue;
    }
    carried = maxBytes;
    delete entry.arguments;
    delete entry.result;
    entry.leftOut = 'answer';
  }
  return entries;
}

/** A call that reached its server: it used the server's credentials. */
export const reachedServer = (entry: AuditEntry): boolean => entry.callMs !== undefined && entry.server !== '';

/** Characters of the audit one last-use question reads at most (about 30,000 calls without recorded values), newest first. */
export const LAST_USE_SCAN_CHARS = 8 * 1024 * 1024;

export interface LastUse {
  /** Each service found, with the time of its last call. */
  used: Map<string, number>;
  /** The search stopped before the audit's oldest entry: a service not in `used` was not called since this time. */
  since?: number;
}

/**
 * When each of `servers` was last called (a call that reached it), newest first, so a busy agent's
 * recent calls do not make another service's credential look unused. A service never called would
 * have the whole audit read: the search stops at the first call of each service and after
 * `maxChars`, and then says since when it looked (`since`). `known` holds the calls this process
 * wrote, kept as they were written: a service called since the process started is found however far
 * back the search stops.
 */
export async function lastUse(
  servers: readonly string[],
  scan: (options: ScanOptions<AuditEntry>) => Promise<ScanResult<AuditEntry>>,
  known: ReadonlyMap<string, number> = new Map(),
  maxChars = LAST_USE_SCAN_CHARS,
): Promise<LastUse> {
  const wanted = new Set(servers.slice(0, MAX_LAST_USE_SERVERS));
  const used = new Map<string, number>();
  if (wanted.size === 0) return { used };
  let oldest = Infinity;
  const { cut } = await scan({
    limit: wanted.size,
    maxChars,
    keep: (entry) => {
      oldest = Math.min(oldest, entry.time);
      if (!wanted.has(entry.server) || used.has(entry.server) || !reachedServer(entry)) return false;
      used.set(entry.server, entry.time);
      return true;
    },
  });
  for (const server of wanted) {
    const time = known.get(server);
    if (time !== undefined && time > (used.get(server) ?? -Infinity)) used.set(server, time);
  }
  return cut && Number.isFinite(oldest) ? { used, since: oldest } : { used };
}

/**
 * One page of an answer: `counting` (read only on the first page, no cursor given) before the
 * written entries, `limit` in all; `written` holds one more than fits when older ones match, so the
 * oldest written entry shown says `older` exactly when a next page has something.
 */
export function pageOf(counting: AuditEntry[], written: AuditEntry[], positions: readonly string[], limit: number): AuditEntry[] {
  const shown = Math.max(0, Math.min(written.length, limit - counting.length));
  const page = written.slice(0, shown).map((entry, i): AuditEntry => {
    delete entry.older;
    const at = positions[i];
    return at === undefined ? entry : { ...entry, at };
  });
  const last = page.at(-1);
  if (last !== undefined && written.length > shown) last.older = true;
  return boundAnswer([...counting, ...page].slice(0, limit));
}

/** readAudit scans that run at once: each may read the whole audit (30 MB), so more only wait. */
export const AUDIT_READS_AT_ONCE = 2;
/** Reads that may wait for one of those; past them a read is refused at once, to be tried again. */
export const AUDIT_READS_WAITING = 8;

/** At most `atOnce` runs of `read` at a time, `waiting` more queued; the rest are refused (`busy`). */
export class ReadSlots {
  #running = 0;
  readonly #queue: Array<() => void> = [];

  constructor(
    readonly atOnce = AUDIT_READS_AT_ONCE,
    readonly waiting = AUDIT_READS_WAITING,
  ) {}

  async run<R>(read: () => Promise<R>, busy: () => Error): Promise<R> {
    if (this.#running >= this.atOnce) {
      if (this.#queue.length >= this.waiting) throw busy();
      await new Promise<void>((resolve) => this.#queue.push(resolve));
    } else {
      this.#running++;
    }
    try {
      return await read();
    } finally {
      // The slot passes straight to the next waiting read, or is given back.
      const next = this.#queue.shift();
      if (next !== undefined) next();
      else this.#running--;
    }
  }
}
