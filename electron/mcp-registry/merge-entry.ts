import type { CheckedEntry } from './entry-check';

/**
 * Folds one entry into the catalog (by server name: the registry lists each version on its own).
 * The latest version is the one shown; a status change of the shown version applies to it; a deleted
 * entry removes the shown one when it is that version or the latest. Older versions arriving after
 * the latest are ignored.
 */
export function mergeEntry(byName: Map<string, CheckedEntry>, entry: CheckedEntry): void {
  const name = entry.server.name;
  const shown = byName.get(name);
  if (entry.status === 'deleted') {
    if (shown && (entry.isLatest || shown.server.version === entry.server.version)) byName.delete(name);
    return;
  }
  if (!shown || entry.isLatest || shown.server.version === entry.server.version) byName.set(name, entry);
}

/** The later of two RFC 3339 times (undefined when neither parses). */
export function laterTime(a: string | undefined, b: string | undefined): string | undefined {
  const ta = a === undefined ? NaN : Date.parse(a);
  const tb = b === undefined ? NaN : Date.parse(b);
  if (Number.isNaN(ta)) return Number.isNaN(tb) ? undefined : b;
  if (Number.isNaN(tb)) return a;
  return tb > ta ? b : a;
}
