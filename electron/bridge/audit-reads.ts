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

/**
 * When each of `servers` was last called (a call that reached it), newest first across the whole
 * audit, so a busy agent's recent calls do not make another service's credential look unused.
 * `read` gives entries newest first and stops at `limit` kept: one kept entry per server found.
 */
export async function lastUse(
  servers: readonly string[],
  read: (limit: number, keep: (entry: AuditEntry) => boolean) => Promise<AuditEntry[]>,
): Promise<Map<string, number>> {
  const wanted = new Set(servers.slice(0, MAX_LAST_USE_SERVERS));
  const found = new Map<string, number>();
  if (wanted.size === 0) return found;
  await read(wanted.size, (entry) => {
    if (!wanted.has(entry.server) || found.has(entry.server) || !reachedServer(entry)) return false;
    found.set(entry.server, entry.time);
    return true;
  });
  return found;
}
