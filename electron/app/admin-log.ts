import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { AdminEntrySchema, type AdminEntry, type Caller } from '../../shared/api';
import { JsonlLog } from '../fs-safe';

export const ADMIN_LOG_BASE = 'admin';

export interface AdminLogOptions {
  dataDir: string;
  maxBytes?: number;
  keep?: number;
  log?: (line: string) => void;
  now?: () => number;
}

export interface AdminQuery {
  who?: Caller;
  /** Newest first; default 200. */
  limit?: number;
}

/** Reviewed offline changes stop being listed; this many entries back is as far as a review looks. */
const REVIEW_WINDOW = 5000;

/**
 * Changes of policy, agents, servers, secrets and settings: `<dataDir>/audit/admin.jsonl`, append-only,
 * rotated like the call audit. Several processes append (the app, CLI commands).
 */
export class AdminLog extends JsonlLog<AdminEntry> {
  readonly #now: () => number;

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
  }

  /** Appends an entry stamped with an id and the time; returns it. */
  record(entry: Omit<AdminEntry, 'id' | 'time'>): AdminEntry {
    const full: AdminEntry = { id: randomUUID(), time: this.#now(), ...entry };
    this.append(full);
    return full;
  }

  async query(query: AdminQuery = {}): Promise<AdminEntry[]> {
    const limit = Math.max(1, Math.min(query.limit ?? 200, 10_000));
    return this.readWhere(limit, (e) => query.who === undefined || e.who === query.who);
  }

  /** Widenings made while no app ran, newer than what the person acknowledged (oldest first). */
  async unreviewed(): Promise<AdminEntry[]> {
    const recent = await this.readWhere(REVIEW_WINDOW);
    let upTo = -Infinity;
    for (const entry of recent) {
      const mark = (entry.input as { upTo?: unknown } | undefined)?.upTo;
      if (entry.method === 'acknowledgeChanges' && entry.outcome === 'acknowledged' && typeof mark === 'number') upTo = Math.max(upTo, mark);
    }
    return recent.filter((e) => e.review === true && e.time > upTo).reverse();
  }
}
