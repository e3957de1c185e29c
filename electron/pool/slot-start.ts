import { DEFAULT_STARTUP_TIMEOUT_MS, isStdio, type ServerConfig } from '../../shared/config';
import { inRequestOperation } from '../net';
import type { Connection } from './connection';
import type { SlotCredentials } from './credential-renewal';
import { fetchInventory } from './fetch-inventory';
import type { InventoryRefresher } from './inventory-refresh';
import type { InventoryStore } from './inventory-store';
import { isListingTooLarge } from './listing-bound';
import { floodedOf, redactCoded, stoppedWhileStarting, toPoolError } from './map-error';
import { errorContext } from './slot-calls';
import { connectRequest, type StartingSlot } from './slot-connect';
import type { SlotOptions } from './slot-options';
import type { RestartHost } from './slot-restarts';

/** What one start needs of its slot (slot-lifecycle.ts): its parts, and its connection to set. */
export interface StartHost {
  readonly host: RestartHost & StartingSlot;
  readonly options: Pick<SlotOptions, 'asks' | 'events' | 'now' | 'setTimer' | 'gate' | 'connect' | 'log'>;
  readonly store: InventoryStore;
  readonly refresher: InventoryRefresher;
  readonly credentials: SlotCredentials;
  /** The running connection (undefined while none). */
  current(): Connection | undefined;
  setCurrent(conn: Connection | undefined): void;
  /** The start reached ready: started listeners run, the idle countdown arms. */
  ready(): void;
}

/**
 * One start of a server: the gate (approval), the connection through the pool's factory, the first
 * listing stored, then ready. A stop meanwhile (the generation moved) makes it give up; a failure
 * closes what it opened and shows the error on the server.
 */
export async function startSlot(slot: StartHost, config: ServerConfig, signal: AbortSignal): Promise<Connection> {
  const { host, options } = slot;
  const { name, state } = host;
  const generation = host.generation();
  const refusal = options.gate?.(name, config);
  if (refusal) {
    // Not approved (or otherwise refused): nothing spawns and the state does not move.
    const error = redactCoded(refusal);
    state.refused(error);
    host.publish();
    throw error;
  }
  const assertCurrent = (): void => {
    if (generation !== host.generation()) throw stoppedWhileStarting(name);
  };
  host.move('starting');
  const startupTimeoutMs = config.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS;
  const holder: { conn?: Connection } = {};
  try {
    const open = async (): Promise<{ conn: Connection; inventory: Awaited<ReturnType<typeof fetchInventory>> }> => {
      holder.conn = await options.connect(connectRequest(host, generation, config, startupTimeoutMs, signal, holder));
      const opened = holder.conn;
      assertCurrent();
      slot.setCurrent(opened);
      slot.refresher.clear();
      return { conn: opened, inventory: await fetchInventory(name, opened.client, { timeout: startupTimeoutMs, signal }, slot.store.inventory, undefined, options.log) };
    };
    // A remote server's handshake and first listing are one operation: a credential fetched for its
    // first request serves the rest of it (electron/net/request-operation.ts). Not for stdio, which
    // fetches none: its AsyncLocalStorage, once run, puts a hook on every promise of the process for
    // good (Node before 24), a cost on every later call of every agent.
    const { conn, inventory } = isStdio(config) ? await open() : await inRequestOperation(open);
    assertCurrent();
    await slot.store.store(inventory, config, options.now());
    assertCurrent();
    host.move('ready');
    slot.credentials.started();
    slot.ready();
    options.events.emit('inventory', { server: name });
    // list_changed that came in while listing.
    slot.refresher.kick();
    return conn;
  } catch (error) {
    // A stop overtook it: the start's abort surfaces as the SDK's timeout, which would read as a slow server.
    const coded = generation === host.generation() ? toPoolError(error, errorContext(name, config, 'start', startupTimeoutMs, holder.conn)) : stoppedWhileStarting(name);
    // Restarting would only list it again (a flood, or a listing past its bound).
    if ((holder.conn && floodedOf(holder.conn.ended())) || isListingTooLarge(coded)) state.halt(coded);
    if (holder.conn) {
      if (slot.current() === holder.conn) slot.setCurrent(undefined);
      await holder.conn.close();
    }
    if (generation === host.generation()) await slot.credentials.release();
    if (generation === host.generation() && state.state === 'starting') {
      state.fail(coded, options.now());
      host.publish();
    }
    throw coded;
  }
}
