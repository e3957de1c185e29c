import type { ServerConfig } from '../../shared/config';
import { outsideCallScope } from './call-scope';
import type { Connection } from './connection';
import type { InventoryPart } from './fetch-inventory';
import type { InventoryRefresher } from './inventory-refresh';
import type { InventoryStore } from './inventory-store';
import { assertEnabled } from './slot-calls';
import { startSlot, type StartHost } from './slot-start';
import type { SlotState } from './slot-state';
import type { SlotStops } from './slot-stop';

const ALL_PARTS: readonly InventoryPart[] = ['tools', 'resources', 'prompts'];

/** What a slot's starts need of it (slot-lifecycle.ts). */
export interface StartsHost {
  readonly name: string;
  readonly state: SlotState;
  readonly store: InventoryStore;
  readonly refresher: InventoryRefresher;
  readonly stops: SlotStops;
  readonly starter: StartHost;
  config(): ServerConfig;
  current(): Connection | undefined;
}

/** A slot's starts: one at a time, a second joining the one under way; a restart is a stop and a start. */
export class SlotStarts {
  #starting: Promise<Connection> | undefined;

  constructor(private readonly host: StartsHost) {}

  /** The start under way, if any. */
  get starting(): Promise<Connection> | undefined {
    return this.#starting;
  }

  /**
   * Spawns or connects unless running; `explicit` (a person or the app asked) also clears a crash give-up, flood halt or needs_auth, and refreshes a running server's inventory.
   * A person's stop asked after `asked` (by default: this call) makes it fail as stopped while starting.
   */
  async start(explicit: boolean, asked = this.host.stops.asked): Promise<Connection> {
    const { stops, state, store } = this.host;
    await store.loaded;
    if (stops.stopping) await stops.stopping;
    stops.assertNoStopSince(asked);
    assertEnabled(this.host.name, this.host.config());
    // A start under way holds its connection before its first listing: joining it answers only once ready.
    if (this.#starting) return this.#joined(this.#starting, explicit, asked);
    const conn = this.host.current();
    if (conn) {
      if (explicit) await this.host.refresher.refresh(ALL_PARTS);
      return conn;
    }
    if (explicit) state.unblock();
    const refusal = explicit ? undefined : state.lazyStartRefusal();
    if (refusal) throw refusal;
    state.crashes.cancelRestart();
    // Outside any call's scope, though a call may start it: the connection (its standalone stream) outlives the call.
    const starting = outsideCallScope(() => stops.abortable((signal) => startSlot(this.host.starter, this.host.config(), signal)));
    this.#starting = starting;
    try {
      return await this.#joined(starting, explicit, asked);
    } finally {
      if (this.#starting === starting) this.#starting = undefined;
    }
  }

  /**
   * Stopped and started again (Restart, an entry changed): its stop is not a person's, so a start
   * asked before it goes on with the new start; a person's stop asked after `asked` (by default: this
   * call) wins over its start.
   */
  async restart(asked = this.host.stops.asked): Promise<Connection> {
    await this.host.stops.stop('restart');
    return this.start(true, asked);
  }

  /** A start awaited; one ended by a restart's stop alone (no person's stop since `asked`) is asked again. */
  async #joined(starting: Promise<Connection>, explicit: boolean, asked: number): Promise<Connection> {
    const generation = this.host.stops.generation;
    try {
      return await starting;
    } catch (error) {
      if (generation === this.host.stops.generation || asked !== this.host.stops.asked) throw error;
      // Let go before asking again, which would join it.
      if (this.#starting === starting) this.#starting = undefined;
      return this.start(explicit, asked);
    }
  }
}
