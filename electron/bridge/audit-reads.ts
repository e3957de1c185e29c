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
