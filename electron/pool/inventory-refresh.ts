import { DEFAULT_TIMEOUT_MS, type ServerConfig } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import type { Connection } from './connection';
import { fetchInventory, type InventoryPart } from './fetch-inventory';
import type { InventoryStore } from './inventory-store';
import { toPoolError } from './map-error';
import { errorContext } from './slot-calls';
import { isListingTooLarge } from './listing-bound';
import { LIST_CHANGE_BURST, LIST_CHANGE_MAX_GAP_MS, ListChangePacer, type PacerClock } from './list-change-pacer';

export interface RefreshOptions extends PacerClock {
  name: string;
  store: InventoryStore;
  /** The live connection and the config it runs, or undefined when not running. */
  current: () => { conn: Connection; config: ServerConfig } | undefined;
  /** Whether the server is ready: parts a server said changed while it starts wait for the start's kick. */
  ready: () => boolean;
  log: (line: string) => void;
  /** After a refreshed inventory was stored (not when the listing is what was held). */
  onUpdated: () => void;
  /** A refreshed listing was past its bound (listing-bound.ts): the slot halts the server. */
  overBound: (conn: Connection, error: CodedError) => void;
}

/** One caller waiting for a part's listing (relist), told once how it ended: undefined when it was stored. */
interface Waiter {
  part: InventoryPart;
  tell: (error: unknown) => void;
}

/** One listing under way: its parts, who waits for it, and whether anything but those waiting wants it. */
interface Round {
  parts: readonly InventoryPart[];
  waiters: Set<Waiter>;
  /** A list_changed or a person's refresh asked for one of its parts: it runs to its end whoever gives up. */
  wanted: boolean;
  controller: AbortController;
}

/** How a relist waits: for the listing under way (`join`) or the next, until `signal` says its caller gave up. */
export interface RelistOptions {
  signal?: AbortSignal | undefined;
  join?: boolean | undefined;
}

/**
 * Re-lists the parts a server said changed (list_changed), one listing at a time, coalescing bursts.
 * A listing only callers wait for (relist) ends when the last of them gives up (its call cancelled or
 * past its deadline): nobody would use what it fetched.
 */
export class InventoryRefresher {
  readonly #pending = new Set<InventoryPart>();
  /** Parts pending for a list_changed or a refresh, not only for those waiting. */
  readonly #wanted = new Set<InventoryPart>();
  /** Those waiting for a part's next listing (relist), each told once. */
  readonly #waiters = new Map<InventoryPart, Set<Waiter>>();
  #round: Round | undefined;
  #running: Promise<void> | undefined;
  readonly #pacer: ListChangePacer;

  constructor(private readonly deps: RefreshOptions) {
    this.#pacer = new ListChangePacer(
      deps,
      (parts) => {
        for (const part of parts) this.add(part);
        if (deps.ready()) this.kick();
      },
      () =>
        deps.log(
          `[${deps.name}] keeps saying its lists changed: past ${LIST_CHANGE_BURST} re-listings they are listed again at most once every ${LIST_CHANGE_MAX_GAP_MS / 1000} s while it does (the last change is always listed)`,
        ),
    );
  }

  /** The refresh under way, if any. */
  get running(): Promise<void> | undefined {
    return this.#running;
  }

  add(part: InventoryPart): void {
    this.#pending.add(part);
    this.#wanted.add(part);
  }

  /** The server said `part` changed (list_changed): listed again as the pacer allows. */
  changed(part: InventoryPart): void {
    this.#pacer.notify(part);
  }

  clear(): void {
    this.#pacer.clear();
    this.#pending.clear();
    this.#wanted.clear();
    tell(this.#take([...this.#waiters.keys()]), this.#stopped());
  }

  /**
   * Lists `part` again with the same walk and bounds as every listing (fetch-inventory.ts): after any
   * listing under way, or joining it when `join`; throws what stopped it (a listing past its bound
   * halts the server, as ever), or the signal's reason as soon as it aborts. True when it joined one.
   */
  relist(part: InventoryPart, options: RelistOptions = {}): Promise<boolean> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(asError(signal.reason));
    const round = this.#round;
    const joined = options.join === true && round !== undefined && round.parts.includes(part);
    return new Promise((resolve, reject) => {
      const onAbort = (): void => this.#giveUp(waiter, signal?.reason);
      const waiter: Waiter = {
        part,
        tell: (error) => {
          signal?.removeEventListener('abort', onAbort);
          if (error) reject(asError(error));
          else resolve(joined);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (joined) return void round.waiters.add(waiter);
      const waiters = this.#waiters.get(part) ?? new Set<Waiter>();
      waiters.add(waiter);
      this.#waiters.set(part, waiters);
      this.#pending.add(part);
      this.kick();
    });
  }

  /** A waiter's caller gave up: a listing nobody else wants is not started, or is ended. */
  #giveUp(waiter: Waiter, reason: unknown): void {
    const round = this.#round;
    if (round?.waiters.delete(waiter)) {
      if (round.waiters.size === 0 && !round.wanted) round.controller.abort(reason);
    } else {
      const waiters = this.#waiters.get(waiter.part);
      if (!waiters?.delete(waiter)) return;
      if (waiters.size === 0) {
        this.#waiters.delete(waiter.part);
        if (!this.#wanted.has(waiter.part)) this.#pending.delete(waiter.part);
      }
    }
    waiter.tell(reason);
  }

  kick(): void {
    if (this.#running || this.#pending.size === 0) return;
    this.#running = this.#loop().finally(() => {
      this.#running = undefined;
    });
  }

  async refresh(parts: readonly InventoryPart[]): Promise<void> {
    for (const part of parts) this.add(part);
    this.kick();
    await this.#running;
  }

  async #loop(): Promise<void> {
    try {
      await this.#listPending();
    } finally {
      // Ended with parts still pending (the server stopped, or was halted): nobody waits for them in vain.
      tell(this.#take([...this.#waiters.keys()]), this.#stopped());
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
      const wanted = parts.filter((part) => this.#wanted.delete(part)).length > 0;
      // Only those that asked before this listing began (or join it): a listing under way may predate their reason.
      const round: Round = { parts, waiters: this.#take(parts), wanted, controller: new AbortController() };
      this.#round = round;
      const settle = (error: CodedError | undefined): void => {
        this.#round = undefined;
        tell(round.waiters, error);
      };
      const timeout = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      try {
        const inventory = await fetchInventory(name, conn.client, { timeout, signal: round.controller.signal }, store.inventory, parts, log);
        if (this.deps.current()?.conn !== conn) return settle(this.#stopped());
        await store.loaded;
        if (store.holds(inventory, config, this.deps.now())) {
          settle(undefined);
          continue;
        }
        await store.store(inventory, config, this.deps.now());
        settle(undefined);
        this.deps.onUpdated();
      } catch (error) {
        // Ended because everyone waiting for it gave up: each was told already.
        if (round.controller.signal.aborted) {
          settle(undefined);
          continue;
        }
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
  #take(parts: readonly InventoryPart[]): Set<Waiter> {
    const waiters = new Set(parts.flatMap((part) => [...(this.#waiters.get(part) ?? [])]));
    for (const part of parts) this.#waiters.delete(part);
    return waiters;
  }

  #stopped(): CodedError {
    return new CodedError('server_unavailable', `"${this.deps.name}" stopped while its listing was taken again`, { hint: 'start it again or retry the call' });
  }
}

function tell(waiters: Iterable<Waiter>, error: CodedError | undefined): void {
  for (const waiter of waiters) waiter.tell(error);
}

/** An abort's reason as thrown: an Error (the call's own cancellation or timeout) as it is. */
function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}
