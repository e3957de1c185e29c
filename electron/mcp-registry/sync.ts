import { createHash } from 'node:crypto';
import { CodedError } from '../../shared/errors';
import type { FetchLike } from '../net';
import { checkEntry } from './entry-check';
import { laterTime } from './merge-entry';
import { Held, SYNC_LIMITS, type SyncLimits } from './sync-held';
import { fetchPage } from './page-fetch';
import { SkippedEntries } from './sync-skipped';
import type { Snapshot } from './snapshot';

/** Pages of one sync at most: 5,000 × 100 entries, far above any registry today; a cursor loop ends here. */
export const MAX_PAGES = 5000;
/** Pages in a row that bring no entry not already seen in this sync: a fresh cursor on the same page ends here. */
export const STALE_PAGES = 20;
/**
 * Versions of one name a sync counts as new: past it a page of that name's versions brings nothing
 * new, so a registry inventing versions of one server ends at STALE_PAGES instead of paging on.
 */
export const VERSIONS_COUNTED_PER_NAME = 1000;
/** Distinct versions (name@version) one sync takes in, per entry it may hold: what it remembers stays bounded. */
export const VERSIONS_PER_ENTRY = 10;
/** One registry's sync at most (ms): the official registry takes well under a minute; each page has its own limit too. */
export const SYNC_BUDGET_MS = 10 * 60_000;

export interface SyncProgress {
  base: string;
  kind: 'full' | 'incremental';
  pages: number;
  /** Entries received so far in this sync, skipped ones included. */
  received: number;
}

export interface SyncOptions {
  fetch: FetchLike;
  base: string;
  /** The snapshot to update with `updated_since`; without one (or `full`), everything is paged through. */
  previous?: Snapshot;
  full?: boolean;
  now?: () => number;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  limits?: SyncLimits;
  /** How long one page may take, its body included (default PAGE_TIMEOUT_MS). */
  pageTimeoutMs?: number;
}

/**
 * One registry synced: a full sync pages through `/v0.1/servers` with the cursor; an incremental one
 * asks only for what changed since the newest `updatedAt` seen (`updated_since`, which also brings
 * deleted entries). Nothing is saved here: a sync that throws leaves the caller's snapshot as it was.
 */
export async function syncRegistry(options: SyncOptions): Promise<Snapshot> {
  const now = options.now ?? Date.now;
  const previous = options.full ? undefined : options.previous;
  const started = now();
  // A snapshot holding a future date (kept before such dates were refused) is synced in full instead.
  const incremental = pastTime(previous?.updatedSince, started);
  const kind = incremental !== undefined ? 'incremental' : 'full';
  const held = new Held(kind === 'incremental' && previous ? previous.entries : []);
  const limits = options.limits ?? SYNC_LIMITS;
  const skipped = new SkippedEntries(kind === 'incremental' ? previous : undefined);
  let updatedSince = kind === 'incremental' ? incremental : undefined;
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  let received = 0;
  const seen = new Set<string>();
  const versionsOf = new Map<string, number>();
  const maxVersions = limits.entries * VERSIONS_PER_ENTRY;
  let stale = 0;
  for (;;) {
    if (pages >= MAX_PAGES) throw new CodedError('server_unavailable', `The registry at ${options.base} sent more than ${MAX_PAGES} pages; the sync stopped.`);
    if (now() - started > SYNC_BUDGET_MS) throw stopped(options.base, `took more than ${SYNC_BUDGET_MS / 60_000} minutes to page through`);
    const page = await fetchPage(options.fetch, options.base, { ...(cursor !== undefined ? { cursor } : {}), ...(incremental !== undefined ? { updatedSince: incremental } : {}) }, options.signal, options.pageTimeoutMs);
    pages += 1;
    received += page.items.length;
    let fresh = false;
    for (const item of page.items) {
      const verdict = checkEntry(item);
      if ('skip' in verdict) {
        skipped.add(verdict.skip, item);
        continue;
      }
      if (isNewVersion(verdict.ok.server, seen, versionsOf)) fresh = true;
      if (seen.size > maxVersions) throw stopped(options.base, `sent more than ${maxVersions} versions`);
      held.merge(verdict.ok, verdict.bytes);
      updatedSince = laterTime(updatedSince, pastTime(verdict.ok.updatedAt, started));
    }
    held.check(options.base, limits);
    options.onProgress?.({ base: options.base, kind, pages, received });
    if (page.nextCursor === undefined) break;
    stale = fresh ? 0 : stale + 1;
    if (stale >= STALE_PAGES) throw stopped(options.base, `sent ${STALE_PAGES} pages in a row with nothing new, each with a further cursor`);
    if (seenCursors.has(page.nextCursor)) throw new CodedError('server_unavailable', `The registry at ${options.base} sent the same cursor twice; the sync stopped.`);
    seenCursors.add(page.nextCursor);
    cursor = page.nextCursor;
  }
  const at = now();
  const entries = held.entries().sort((a, b) => (a.server.name < b.server.name ? -1 : a.server.name > b.server.name ? 1 : 0));
  return {
    format: 1,
    base: options.base,
    fullSyncAt: kind === 'full' ? at : (previous?.fullSyncAt ?? at),
    syncedAt: at,
    ...(updatedSince !== undefined ? { updatedSince } : {}),
    entries,
    skipped: skipped.count,
    skippedKeys: skipped.keys(),
  };
}

/** Whether name@version is new to this sync and its name has not passed VERSIONS_COUNTED_PER_NAME; what is seen is noted. */
function isNewVersion(server: { name: string; version: string }, seen: Set<string>, versionsOf: Map<string, number>): boolean {
  const count = versionsOf.get(server.name) ?? 0;
  if (count >= VERSIONS_COUNTED_PER_NAME) return false;
  const key = createHash('sha256').update(`${server.name}@${server.version}`).digest('base64').slice(0, 22);
  if (seen.has(key)) return false;
  seen.add(key);
  versionsOf.set(server.name, count + 1);
  return true;
}

/**
 * An entry's `updatedAt` as the next sync's `updated_since`, only when it is not later than this sync
 * began: one dated in the future (a broken clock, a hostile registry) would make every later
 * incremental sync ask for changes after that date and miss every deletion and deprecation meanwhile.
 * A registry whose clock runs a little ahead costs a few entries sent again, nothing more.
 */
function pastTime(updatedAt: string | undefined, started: number): string | undefined {
  return updatedAt !== undefined && Date.parse(updatedAt) <= started ? updatedAt : undefined;
}

function stopped(base: string, what: string): CodedError {
  return new CodedError('server_unavailable', `The registry at ${base} ${what}; the sync stopped and the catalog keeps what it had.`, {
    hint: 'Ask the registry\'s operator; remove it from settings.registries if it keeps doing this.',
  });
}
