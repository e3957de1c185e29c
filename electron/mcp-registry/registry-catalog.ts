import type { RegistryRow, RegistryState } from '../../shared/api';
import { resolveCoreEnv, type CoreEnv, type CoreEnvOptions } from '../../shared/core-env';
import { Emitter } from '../../shared/events';
import { registryLabels } from '../../shared/catalog';
import type { FetchLike } from '../net';
import type { CheckedEntry } from './entry-check';
import { lookAlikeNotes } from './look-alike-entries';
import { rowOf } from './registry-row';
import { loadSnapshot, saveSnapshot, type Snapshot } from './snapshot';
import { syncRegistry, type SyncProgress } from './sync';
import type { SyncLimits } from './sync-held';
import { errorMessage } from '../../shared/errors';

/** Registries synced at once: a slow or misbehaving registry holds up none of the others. */
export const SYNCS_AT_ONCE = 3;

/** The core's environment: snapshots live in `<dataDir>`, refreshes are logged and timed by it. */
export interface RegistryCatalogOptions extends CoreEnvOptions {
  /** The registries to read, checked base URLs in order (registry-url.ts `configuredRegistries`). */
  registries: () => string[];
  fetch?: FetchLike;
  /** What one registry's catalog may hold (sync-held.ts SYNC_LIMITS). */
  syncLimits?: SyncLimits;
  /** How long one page may take (page-fetch.ts PAGE_TIMEOUT_MS). */
  pageTimeoutMs?: number;
}

export interface RegistryCatalogEvents {
  /** A sync progressed, ended or failed: the state of every registry. */
  state: RegistryState[];
}

/**
 * The catalog of the configured registries: one snapshot each in the data folder (read at start,
 * so it works offline), refreshed on demand a few registries at once. A failed refresh keeps
 * that registry's snapshot and records the failure beside it.
 */
export class RegistryCatalog {
  readonly #options: RegistryCatalogOptions;
  readonly #core: CoreEnv;
  readonly #snapshots = new Map<string, Snapshot>();
  readonly #syncing = new Map<string, SyncProgress>();
  /** Failures of registries that have no snapshot yet (one that has keeps its failure in it). */
  readonly #failures = new Map<string, { at: number; message: string }>();
  readonly #events = new Emitter<RegistryCatalogEvents>();
  #loaded: Promise<void> | undefined;
  #refreshing: Promise<RegistryState[]> | undefined;
  #rows: { key: string; rows: RegistryRow[] } | undefined;

  constructor(options: RegistryCatalogOptions) {
    this.#options = options;
    this.#core = resolveCoreEnv(options, { env: process.env, log: () => undefined, now: Date.now });
  }

  on<E extends keyof RegistryCatalogEvents>(event: E, listener: (payload: RegistryCatalogEvents[E]) => void): () => void {
    return this.#events.on(event, listener);
  }

  /** Reads the snapshots of the configured registries (once per registry). */
  load(): Promise<void> {
    const missing = this.#options.registries().filter((base) => !this.#snapshots.has(base));
    if (missing.length === 0) return this.#loaded ?? Promise.resolve();
    this.#loaded = (async () => {
      for (const base of missing) {
        const snapshot = await loadSnapshot(this.#core.dataDir, base);
        if (snapshot) this.#snapshots.set(base, snapshot);
      }
      this.#rows = undefined;
    })();
    return this.#loaded;
  }

  state(): RegistryState[] {
    const bases = this.#options.registries();
    const labels = registryLabels(bases);
    return bases.map((base) => {
      const snapshot = this.#snapshots.get(base);
      const syncing = this.#syncing.get(base);
      return {
        base,
        label: labels.get(base) ?? base,
        entries: snapshot?.entries.length ?? 0,
        ...(snapshot ? { fullSyncAt: snapshot.fullSyncAt, syncedAt: snapshot.syncedAt } : {}),
        skipped: snapshot?.skipped ?? { invalid: 0, hostile: 0 },
        ...(syncing ? { syncing: { kind: syncing.kind, pages: syncing.pages, received: syncing.received } } : {}),
        ...(snapshot?.lastFailure ?? this.#failures.get(base) ? { lastFailure: snapshot?.lastFailure ?? this.#failures.get(base) } : {}),
      };
    });
  }

  /** Every shown entry, registries in their configured order, each sorted by name. */
  rows(): RegistryRow[] {
    const registries = this.#options.registries();
    const key = registries.map((base) => `${base}@${this.#snapshots.get(base)?.syncedAt ?? 0}`).join(' ');
    if (this.#rows?.key !== key) {
      const rows = registries.flatMap((base) => (this.#snapshots.get(base)?.entries ?? []).map((entry) => rowOf(base, entry)));
      // Across registries: a look-alike in one passes for an entry of another as well.
      const notes = lookAlikeNotes(rows);
      this.#rows = { key, rows: rows.map((row, i) => { const note = notes[i]; return note ? { ...row, ...note } : row; }) };
    }
    return this.#rows.rows;
  }

  /** The checked server.json of `name` in `base`'s snapshot. */
  entry(base: string, name: string): CheckedEntry | undefined {
    return this.#snapshots.get(base)?.entries.find((entry) => entry.server.name === name);
  }

  /** Syncs every configured registry, SYNCS_AT_ONCE at a time (`full` pages through everything again); one refresh at a time. */
  refresh(options: { full?: boolean } = {}): Promise<RegistryState[]> {
    this.#refreshing ??= (async () => {
      try {
        await this.load();
        const waiting = [...this.#options.registries()];
        const next = async (): Promise<void> => {
          for (let base = waiting.shift(); base !== undefined; base = waiting.shift()) await this.#refreshOne(base, options.full === true);
        };
        await Promise.all(Array.from({ length: Math.min(SYNCS_AT_ONCE, waiting.length) }, next));
        return this.state();
      } finally {
        this.#refreshing = undefined;
      }
    })();
    return this.#refreshing;
  }

  async #refreshOne(base: string, full: boolean): Promise<void> {
    const previous = this.#snapshots.get(base);
    const { now } = this.#core;
    try {
      const next = await syncRegistry({
        fetch: this.#options.fetch ?? fetch,
        base,
        ...(previous ? { previous } : {}),
        full,
        now,
        ...(this.#options.syncLimits ? { limits: this.#options.syncLimits } : {}),
        ...(this.#options.pageTimeoutMs !== undefined ? { pageTimeoutMs: this.#options.pageTimeoutMs } : {}),
        onProgress: (progress) => {
          this.#syncing.set(base, progress);
          this.#events.emit('state', this.state());
        },
      });
      this.#syncing.delete(base);
      this.#failures.delete(base);
      await saveSnapshot(this.#core.dataDir, next);
      this.#snapshots.set(base, next);
      this.#core.log(`registry ${base}: ${next.entries.length} entries (${next.skipped.invalid} invalid, ${next.skipped.hostile} hostile skipped)`);
    } catch (error) {
      this.#syncing.delete(base);
      const message = errorMessage(error);
      this.#core.log(`registry ${base}: refresh failed: ${message}`);
      if (previous) {
        const kept = { ...previous, lastFailure: { at: now(), message: message.slice(0, 2000) } };
        this.#snapshots.set(base, kept);
        await saveSnapshot(this.#core.dataDir, kept).catch(() => undefined);
      } else this.#failures.set(base, { at: now(), message: message.slice(0, 2000) });
    }
    this.#events.emit('state', this.state());
  }
}
