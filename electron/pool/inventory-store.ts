import { redact, redactor } from '../../shared/redact';
import type { ServerConfig } from '../../shared/config';
import { CACHE_VERSION, EMPTY_INVENTORY, fingerprintOf, type Inventory } from './inventory';
import { deleteCache, readCache, writeCache } from './inventory-cache';
import { runNow, type Scheduler } from './one-at-a-time';

/** One server's inventory: in memory, backed by its cache file so it is known before anything spawns. */
export class InventoryStore {
  #inventory: Inventory = EMPTY_INVENTORY;
  #updatedAt: number | undefined;
  #fingerprint: string | undefined;
  /** The inventory as last reviewed by the pins (what agents see), for the counts of the status; undefined when none was. */
  reviewed: Inventory | undefined;
  readonly loaded: Promise<void>;

  constructor(
    private readonly dir: string,
    private readonly server: string,
    private readonly log: (line: string) => void,
    /** When the cache file is read: a pool reads its servers' one at a time (one-at-a-time.ts). */
    schedule: Scheduler = runNow,
  ) {
    this.loaded = schedule(() => this.#load());
  }

  get inventory(): Inventory {
    return this.#inventory;
  }

  get updatedAt(): number | undefined {
    return this.#updatedAt;
  }

  /** Fetched with a different config than this one (still shown until the next fetch). */
  isStale(config: ServerConfig): boolean {
    return this.#fingerprint !== undefined && this.#fingerprint !== fingerprintOf(config);
  }

  async #load(): Promise<void> {
    const read = await readCache(this.dir, this.server);
    if (!read.ok) {
      if (read.reason !== 'missing') this.log(`[${this.server}] ignored its inventory cache: ${redact(read.reason)}`);
      return;
    }
    const { tools, resources, templates, prompts, updatedAt, fingerprint } = read.cache;
    // A cache written by an older version may hold a value we now hold as secret (fetch-inventory.ts).
    this.#inventory = redactor.removeKnown({ tools, resources, templates, prompts });
    this.#updatedAt = updatedAt;
    this.#fingerprint = fingerprint;
  }

  /** Keeps a freshly fetched inventory; a failed cache write is logged, the memory copy still counts. */
  /**
   * Whether `inventory`, listed under `config`, is what is held already: a server may say its lists
   * changed when nothing did, and nothing downstream needs to hear of it then. Only the time moves.
   */
  holds(inventory: Inventory, config: ServerConfig, at: number): boolean {
    if (this.#updatedAt === undefined || this.#fingerprint !== fingerprintOf(config)) return false;
    if (JSON.stringify(inventory) !== JSON.stringify(this.#inventory)) return false;
    this.#updatedAt = at;
    return true;
  }

  async store(inventory: Inventory, config: ServerConfig, at: number): Promise<void> {
    await this.loaded;
    this.#inventory = inventory;
    this.reviewed = undefined;
    this.#updatedAt = at;
    this.#fingerprint = fingerprintOf(config);
    try {
      await writeCache(this.dir, {
        version: CACHE_VERSION,
        server: this.server,
        fingerprint: this.#fingerprint,
        updatedAt: at,
        ...inventory,
      });
    } catch (error) {
      this.log(`[${this.server}] could not write its inventory cache: ${redact(String(error))}`);
    }
  }

  async forget(): Promise<void> {
    await this.loaded;
    this.#inventory = EMPTY_INVENTORY;
    this.reviewed = undefined;
    this.#updatedAt = undefined;
    this.#fingerprint = undefined;
    await deleteCache(this.dir, this.server).catch((error: unknown) => {
      this.log(`[${this.server}] could not delete its inventory cache: ${redact(String(error))}`);
    });
  }
}
