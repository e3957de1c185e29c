import type { AdminEntry } from '../../../shared/api';

/**
 * A request that waited for confirmation in an app that then crashed or was killed has a `waiting`
 * row and no row saying how it ended: no process holds it any more (requests live in the app's
 * memory only), so it can never be confirmed. Shown as it really ended, expired, rather than
 * waiting for ever; `open` says which requests this process still holds.
 */
export function endOrphanedWaits(entries: readonly AdminEntry[], open: (id: string) => boolean): AdminEntry[] {
  const ended = new Set<string>();
  for (const e of entries) if (e.confirmation !== undefined && e.outcome !== 'waiting') ended.add(e.confirmation);
  return entries.map((e) =>
    e.outcome === 'waiting' && e.confirmation !== undefined && !ended.has(e.confirmation) && !open(e.confirmation) ? { ...e, outcome: 'expired' } : e,
  );
}
