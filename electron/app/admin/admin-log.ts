import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { AdminEntrySchema, type AdminActor, type AdminEntry } from '../../../shared/api';
import type { CoreEnvOptions } from '../../../shared/core-env';
import { JsonlLog } from '../../fs-safe';
import { OfflineReview } from './offline-review';

export const ADMIN_LOG_BASE = 'admin';

/** The core's environment: the log is `<dataDir>/audit/admin.jsonl`. */
export interface AdminLogOptions extends CoreEnvOptions {
  maxBytes?: number;
  keep?: number;
}

export interface AdminQuery {
  who?: AdminActor;
  /** Newest first; default 200. */
  limit?: number;
}

/**
 * How far back the log itself is searched for changes to review: those written before review.json
 * kept them (an earlier release). What waits for review now is kept there, not found by a window.
 */
const LEGACY_REVIEW_WINDOW = 5000;

/**
 * Changes of policy, agents, servers, secrets and settings: `<dataDir>/audit/admin.jsonl`, append-only,
 * rotated like the call audit. Several processes append (the app, CLI commands).
 */
export class AdminLog extends JsonlLog<AdminEntry> {
  readonly #now: () => number;
  readonly #review: OfflineReview;

  constructor(options: AdminLogOptions) {
    super({
      dir: path.join(options.dataDir, 'audit'),
      base: ADMIN_LOG_BASE,
      schema: AdminEntrySchema,
      ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
      ...(options.keep !== undefined ? { keep: options.keep } : {}),
      ...(options.log ? { log: options.log } : {}),
    });
    this.#now = options.now ?? Date.now;
    this.#review = new OfflineReview(path.join(options.dataDir, 'audit'), options.log);
  }

  /** Appends an entry stamped with an id and the time; returns it. A change to review is also kept for review. */
  record(entry: Omit<AdminEntry, 'id' | 'time'>): AdminEntry {
    const full: AdminEntry = { id: randomUUID(), time: this.#now(), ...entry };
    this.append(full);
    if (full.review === true) this.#review.add(full);
    return full;
  }

  /**
   * Writes a change ahead of making it: its `pending` line and, for a change to review, its review
   * record, both on disk when this resolves. A process killed while making it still leaves it listed.
   */
  async recordAhead(entry: Omit<AdminEntry, 'id' | 'time' | 'outcome'>): Promise<AdminEntry> {
    const full: AdminEntry = { id: randomUUID(), time: this.#now(), ...entry, outcome: 'pending' };
    this.append(full);
    await Promise.all([super.flush(), full.review === true ? this.#review.keepNow(full) : Promise.resolve()]);
    return full;
  }

  /** How a change written ahead ended: a line of its own, and its review record replaced by it. */
  recordOutcome(ahead: AdminEntry, outcome: Pick<AdminEntry, 'outcome' | 'error'>): AdminEntry {
    const full: AdminEntry = { ...ahead, id: randomUUID(), time: this.#now(), ...outcome, ahead: ahead.id };
    this.append(full);
    // In place of the pending record there, so the link to it is not kept: review.json is rewritten whole at each change.
    const { ahead: _linked, ...reviewed } = full;
    if (full.review === true) this.#review.add(reviewed, ahead.id);
    return full;
  }

  override async flush(): Promise<void> {
    await super.flush();
    await this.#review.flush();
  }

  override async close(): Promise<void> {
    await super.close();
    await this.#review.flush();
  }

  /** The person reviewed the offline changes up to `upTo` (recorded by the caller, with who it was). */
  acknowledge(upTo: number): Promise<void> {
    return this.#review.acknowledge(upTo);
  }

  async query(query: AdminQuery = {}): Promise<AdminEntry[]> {
    const limit = Math.max(1, Math.min(query.limit ?? 200, 10_000));
    return this.readWhere(limit, (e) => query.who === undefined || e.who === query.who);
  }

  /** Widenings made while no app ran, newer than what the person acknowledged (oldest first). */
  async unreviewed(): Promise<AdminEntry[]> {
    const kept = await this.#review.list();
    const recent = await this.readWhere(LEGACY_REVIEW_WINDOW);
    let upTo = kept.acknowledgedUpTo;
    for (const entry of recent) {
      const mark = (entry.input as { upTo?: unknown } | undefined)?.upTo;
      if (entry.method === 'acknowledgeChanges' && entry.outcome === 'acknowledged' && typeof mark === 'number') upTo = Math.max(upTo, mark);
    }
    const ids = new Set(kept.entries.map((e) => e.id));
    // Only what an earlier release wrote before review.json kept changes is searched for in the log.
    const legacy = recent.filter((e) => e.review === true && e.time > upTo && e.time < kept.since && !ids.has(e.id)).reverse();
    return [...legacy, ...kept.entries.filter((e) => e.time > upTo)].sort((a, b) => a.time - b.time);
  }
}
