import type { AdminEntry, AdminOutcome } from '../../../shared/api';

/**
 * The log is append-only: a request's row stays "waiting", its decision a later row with the same
 * confirmation; a change written ahead stays "pending", how it ended a later row naming it (`ahead`).
 * Logs written before `ahead` existed end a pending row with a copy of it under a new id and outcome:
 * paired here with the first such copy after it (same caller, process, method and summary).
 */
export function laterOutcomes(entries: readonly AdminEntry[]): Map<string, AdminOutcome> {
  const ended = new Map<string, AdminOutcome>();
  for (const e of entries) {
    if (e.confirmation !== undefined && e.outcome !== 'waiting') ended.set(e.confirmation, e.outcome);
    if (e.ahead !== undefined) ended.set(e.ahead, e.outcome);
  }
  const open = new Map<string, AdminEntry[]>();
  for (const e of [...entries].sort((a, b) => a.time - b.time)) {
    if (e.review !== true || e.confirmation !== undefined || e.ahead !== undefined) continue;
    const key = JSON.stringify([e.who, e.pid ?? null, e.method, e.summary]);
    if (e.outcome === 'pending') {
      if (!ended.has(e.id)) open.set(key, [...(open.get(key) ?? []), e]);
      continue;
    }
    const [first, ...rest] = open.get(key) ?? [];
    if (first === undefined) continue;
    ended.set(first.id, e.outcome);
    open.set(key, rest);
  }
  return ended;
}

export function laterOutcome(entry: AdminEntry, ended: ReadonlyMap<string, AdminOutcome>): AdminOutcome | undefined {
  if (entry.outcome === 'waiting' && entry.confirmation !== undefined) return ended.get(entry.confirmation);
  if (entry.outcome === 'pending') return ended.get(entry.id);
  return undefined;
}
