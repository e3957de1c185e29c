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

/** The cursor of an answer's next page: the `at` of its entry marked `older`; none when nothing older matches. */
export const olderCursor = (answer: readonly AuditEntry[]): string | undefined => answer.find((e) => e.older === true)?.at;

/** What the list shows, and where its next older page starts. */
export interface AuditShown {
  entries: AuditEntry[];
  before: string | undefined;
  /** Rows kept at most: a page's worth more for each older page shown. */
  cap: number;
}

/**
 * Newest first by when each call arrived. The log is written when a call ends, so a long call that
 * arrived earlier comes after a quick one that arrived later: order by arrival, not by writing. Past
 * `cap` the oldest rows go; when a written one goes, the next page starts after the oldest written
 * row kept, so "Show older" brings the dropped ones back rather than skipping them.
 */
export function shownOf(list: readonly AuditEntry[], cap: number, before: string | undefined): AuditShown {
  const sorted = list
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => b.entry.time - a.entry.time || a.index - b.index)
    .map(({ entry }) => entry);
  const entries = sorted.slice(0, cap);
  const dropped = sorted.slice(cap).some((e) => e.at !== undefined);
  const kept = entries.findLast((e) => e.at !== undefined)?.at;
  return { entries, before: dropped && kept !== undefined ? kept : before, cap };
}

/** An older page added below: an entry already shown (the same `at`) is not added twice. */
export function withOlder(shown: AuditShown, page: readonly AuditEntry[], pageSize: number): AuditShown {
  const seen = new Set(shown.entries.map((e) => e.at).filter((at) => at !== undefined));
  const added = page.filter((e) => e.at === undefined || !seen.has(e.at));
  return shownOf([...shown.entries, ...added], shown.cap + pageSize, olderCursor(page));
}
