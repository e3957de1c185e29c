import { DEFAULT_TIMEOUT_MS, type ServerConfig } from '../../shared/config';
import { CodedError } from '../../shared/errors';
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

/** Told how the listing of a part it waits for ended: undefined when it was stored. */
type Waiter = (error: CodedError | undefined) => void;

/** Re-lists the parts a server said changed (list_changed), one listing at a time, coalescing bursts. */
export class InventoryRefresher {
  readonly #pending = new Set<InventoryPart>();
  /** Those waiting for a part's next listing (relist), each told once. */
  readonly #waiters = new Map<InventoryPart, Waiter[]>();
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
    this.#take([...this.#waiters.keys()])(this.#stopped());
  }

  /**
   * Lists `part` again, after any listing under way, with the same walk and bounds as every listing
   * (fetch-inventory.ts); throws what stopped it (a listing past its bound halts the server, as ever).
   */
  relist(part: InventoryPart): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiters = this.#waiters.get(part) ?? [];
      waiters.push((error) => (error ? reject(error) : resolve()));
      this.#waiters.set(part, waiters);
      this.#pending.add(part);
      this.kick();
    });
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
    try {
      await this.#listPending();
    } finally {
      // Ended with parts still pending (the server stopped, or was halted): nobody waits for them in vain.
      this.#take([...this.#waiters.keys()])(this.#stopped());
    }
  }

  async #listPending(): Promise<void> {
    const { name, store, log } = this.deps;
    while (this.#pending.size > 0) {
      const current = this.deps.current();
      if (!current) return;
      const { conn, config } = current;
      const parts = [...this.#pending];
      this.#pending.clear();
      // Only those that asked before this listing began: a listing under way may predate their reason.
      const settle = this.#take(parts);
      const timeout = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      try {
        const inventory = await fetchInventory(name, conn.client, { timeout }, store.inventory, parts);
        if (this.deps.current()?.conn !== conn) return settle(this.#stopped());
        await store.store(inventory, config, this.deps.now());
        settle(undefined);
        this.deps.onUpdated();
      } catch (error) {
        const coded = toPoolError(error, errorContext(name, config, 'call', timeout, conn, 'listing'));
        log(`[${name}] could not refresh its ${parts.join(', ')}: ${coded.message}`);
        settle(coded);
        if (isListingTooLarge(coded) && this.deps.current()?.conn === conn) {
          this.deps.overBound(conn, coded);
          return;
        }
      }
    }
  }

  /** Those waiting for `parts` now, to be told how their listing ended. */
  #take(parts: readonly InventoryPart[]): Waiter {
    const waiters = parts.flatMap((part) => this.#waiters.get(part) ?? []);
    for (const part of parts) this.#waiters.delete(part);
    return (error) => {
      for (const waiter of waiters) waiter(error);
    };
  }

  #stopped(): CodedError {
    return new CodedError('server_unavailable', `"${this.deps.name}" stopped while its listing was taken again`, { hint: 'start it again or retry the call' });
  }
}
