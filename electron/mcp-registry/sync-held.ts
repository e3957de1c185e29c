import { CodedError } from '../../shared/errors';
import type { CheckedEntry } from './entry-check';
import { mergeEntry } from './merge-entry';

/**
 * What one registry's catalog may hold: distinct entries, and their size as JSON. The official
 * registry holds a few thousand of a few KiB; without a bound, pages of 64 KiB entries would fill
 * the core's memory before the last page.
 */
export const SYNC_LIMITS: SyncLimits = { entries: 50_000, bytes: 128 * 1024 * 1024 };

/** Versions of one name marked latest that a sync counts: past it the count says no more. */
export const MAX_LATEST_COUNTED = 100;

export interface SyncLimits {
  entries: number;
  bytes: number;
}

/** The entries being gathered, and what they hold, checked against the limits after each page. */
export class Held {
  readonly byName: Map<string, CheckedEntry>;
  readonly #bytes = new Map<string, number>();
  /** Names whose shown entry came in this sync (not from the snapshot it started with). */
  readonly #merged = new Set<string>();
  /** Versions marked latest this sync, by name (at most MAX_LATEST_COUNTED each): more than one is said beside the entry. */
  readonly #latest = new Map<string, Set<string>>();
  #total = 0;

  constructor(entries: readonly CheckedEntry[]) {
    this.byName = new Map(entries.map((e) => [e.server.name, e]));
    for (const entry of entries) this.#count(entry.server.name, JSON.stringify(entry).length);
  }

  merge(entry: CheckedEntry, bytes: number): void {
    const name = entry.server.name;
    const before = this.byName.get(name);
    if (entry.isLatest && entry.status !== 'deleted') this.#markedLatest(name, entry.server.version);
    mergeEntry(this.byName, entry, this.#merged.has(name));
    const after = this.byName.get(name);
    if (after !== undefined && after !== before) this.#merged.add(name);
    if (after !== before) this.#count(name, after === undefined ? 0 : bytes);
  }

  #markedLatest(name: string, version: string): void {
    const versions = this.#latest.get(name) ?? new Set<string>();
    if (versions.size < MAX_LATEST_COUNTED) versions.add(version);
    this.#latest.set(name, versions);
  }

  /**
   * The entries held, by name, each chosen this sync saying how many versions were marked latest when
   * more than one was (the registry's own data allows it; the person is told which one is shown).
   */
  entries(): CheckedEntry[] {
    return [...this.byName.values()].map((entry) => {
      const name = entry.server.name;
      if (!this.#merged.has(name)) return entry;
      const { latestMarked: _before, ...rest } = entry;
      const marked = this.#latest.get(name)?.size ?? 0;
      return marked > 1 && entry.isLatest ? { ...rest, latestMarked: marked } : rest;
    });
  }

  #count(name: string, bytes: number): void {
    this.#total += bytes - (this.#bytes.get(name) ?? 0);
    if (bytes === 0) this.#bytes.delete(name);
    else this.#bytes.set(name, bytes);
  }

  /** @throws CodedError server_unavailable past a limit (the caller keeps its snapshot). */
  check(base: string, limits: SyncLimits): void {
    const over = this.byName.size > limits.entries ? `more than ${limits.entries} entries` : this.#total > limits.bytes ? `entries of more than ${limits.bytes / (1024 * 1024)} MiB` : undefined;
    if (over === undefined) return;
    throw new CodedError('server_unavailable', `The registry at ${base} sent ${over}, more than one catalog holds; the sync stopped and the catalog keeps what it had.`, {
      hint: 'Ask the registry\'s operator; remove it from settings.registries if it keeps sending this.',
    });
  }
}
