import type { CheckedEntry } from './entry-check';
import { compareSemver, isSemver } from './semver-order';

/**
 * Folds one entry into the catalog (by server name: the registry lists each version on its own).
 * The latest version is the one shown; a status change of the shown version applies to it; a deleted
 * entry removes the shown one when it is that version or the latest. Older versions arriving after
 * the latest are ignored. A registry marking several versions latest in one sync (`shownThisSync`): the
 * highest valid semantic version of them is shown, not the last listed.
 */
export function mergeEntry(byName: Map<string, CheckedEntry>, entry: CheckedEntry, shownThisSync = false): void {
  const name = entry.server.name;
  const shown = byName.get(name);
  if (shownThisSync && shown?.isLatest === true && entry.isLatest && entry.status !== 'deleted' && !higherThan(entry, shown)) return;
  if (entry.status === 'deleted') {
    if (shown && (entry.isLatest || shown.server.version === entry.server.version)) byName.delete(name);
    return;
  }
  if (!shown || entry.isLatest || shown.server.version === entry.server.version) byName.set(name, entry);
}

/** `entry` is a higher version than `shown`, or the same one (a status change), or neither is a semantic version. */
function higherThan(entry: CheckedEntry, shown: CheckedEntry): boolean {
  const [next, now] = [entry.server.version, shown.server.version];
  if (next === now || !isSemver(now)) return true;
  return (compareSemver(next, now) ?? -1) > 0;
}

/** The later of two RFC 3339 times (undefined when neither parses). */
export function laterTime(a: string | undefined, b: string | undefined): string | undefined {
  const ta = a === undefined ? NaN : Date.parse(a);
  const tb = b === undefined ? NaN : Date.parse(b);
  if (Number.isNaN(ta)) return Number.isNaN(tb) ? undefined : b;
  if (Number.isNaN(tb)) return a;
  return tb > ta ? b : a;
}
