import type { AuditEntry } from '../../../shared/api';

/** The count of a minute read while it ran (`counting`) that `written` ends: the written line replaces it. */
export const endedBy = (written: AuditEntry) => (shown: AuditEntry): boolean =>
  shown.counting === true && written.counting !== true && shown.time === written.time && shown.agent === written.agent && shown.server === written.server && shown.kind === written.kind && shown.tool === written.tool && shown.outcome === written.outcome;

/** `entry` added to `list`, a minute's count it ends taken out. */
export const withArrived = (list: readonly AuditEntry[], entry: AuditEntry): AuditEntry[] => [entry, ...list.filter((shown) => !endedBy(entry)(shown))];

/**
 * Which call an entry is, whatever an answer left out of it: an event and a read of the same line
 * differ only in the values a bounded answer drops (`arguments`, `result`, `leftOut`).
 */
const callKey = (e: AuditEntry): string =>
  JSON.stringify([e.time, e.agent, e.server, e.kind, e.tool, e.outcome, e.durationMs, e.callMs, e.waitMs, e.errorCode, e.repeated, e.counting === true, e.via]);

/**
 * A read's answer with the entries that arrived as events while it was in flight: an event the
 * answer already holds (written before the read) is not added twice; two equal calls are two.
 */
export function mergeArrived(answer: readonly AuditEntry[], arrived: readonly AuditEntry[]): AuditEntry[] {
  const unmatched = new Map<string, number>();
  for (const e of answer) unmatched.set(callKey(e), (unmatched.get(callKey(e)) ?? 0) + 1);
  let list = [...answer];
  for (const entry of arrived) {
    const left = unmatched.get(callKey(entry)) ?? 0;
    if (left > 0) unmatched.set(callKey(entry), left - 1);
    else list = withArrived(list, entry);
  }
  return list;
}
