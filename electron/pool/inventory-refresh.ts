import { DEFAULT_TIMEOUT_MS, type ServerConfig } from '../../shared/config';
import type { CodedError } from '../../shared/errors';
import type { Connection } from './connection';
import { fetchInventory, type InventoryPart } from './fetch-inventory';
import type { InventoryStore } from './inventory-store';
import { toPoolError } from './map-error';
import { errorContext } from './slot-calls';
import { isListingTooLarge } from './listing-bound';

export interface RefreshOptions {
  name: string;
  store: InventoryStore;
  /** The live connection and the config it runs, or undefined when not running. */
  current: () => { conn: Connection; config: ServerConfig } | undefined;
  now: () => number;
  log: (line: string) => void;
  /** After a refreshed inventory was stored. */
  onUpdated: () => void;
  /** A refreshed listing was past its bound (listing-bound.ts): the slot halts the server. */
  overBound: (conn: Connection, error: CodedError) => void;
}

/** Re-lists the parts a server said changed (list_changed), one listing at a time, coalescing bursts. */
export class InventoryRefresher {
  readonly #pending = new Set<InventoryPart>();
  #running: Promise<void> | undefined;

  constructor(private readonly deps: RefreshOptions) {}

  /** The refresh under way, if any. */
  get running(): Promise<void> | undefined {
    return this.#running;
  }

  add(part: InventoryPart): void {
    this.#pending.add(part);
  }

  clear(): void {
    this.#pending.clear();
  }

  kick(): void {
    if (this.#running || this.#pending.size === 0) return;
    this.#running = this.#loop().finally(() => {
      this.#running = undefined;
    });
  }

  async refresh(parts: readonly InventoryPart[]): Promise<void> {
    for (const part of parts) this.#pending.add(part);
    this.kick();
    await this.#running;
  }

  async #loop(): Promise<void> {
    const { name, store, log } = this.deps;
    while (this.#pending.size > 0) {
      const current = this.deps.current();
      if (!current) return;
      const { conn, config } = current;
      const parts = [...this.#pending];
      this.#pending.clear();
      const timeout = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      try {
        const inventory = await fetchInventory(name, conn.client, { timeout }, store.inventory, parts);
        if (this.deps.current()?.conn !== conn) return;
        await store.store(inventory, config, this.deps.now());
        this.deps.onUpdated();
      } catch (error) {
        const coded = toPoolError(error, errorContext(name, config, 'call', timeout, conn, 'listing'));
        log(`[${name}] could not refresh its ${parts.join(', ')}: ${coded.message}`);
        if (isListingTooLarge(coded) && this.deps.current()?.conn === conn) {
          this.deps.overBound(conn, coded);
          return;
        }
      }
    }
  }
}
