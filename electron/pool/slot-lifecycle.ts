import { type ServerConfig, type Settings, isStdio } from '../../shared/config';
import { CodedError, type WireError } from '../../shared/errors';
import type { ServerState, ServerStatus } from '../../shared/api';
import type { Connection } from './connection';
import { SlotCredentials } from './credential-renewal';
import { RunningCalls } from './running-calls';
import type { InventoryPart } from './fetch-inventory';
import { InventoryRefresher } from './inventory-refresh';
import { InventoryStore } from './inventory-store';
import { listedTools } from './output-validators';
import type { SlotOptions } from './slot-options';
import { SlotState } from './slot-state';
import { endedWhileRunning, endsSession, haltOverBound, type RestartHost } from './slot-restarts';
import { slotStatus } from './slot-status';
import type { StartingSlot } from './slot-connect';
import type { StartHost } from './slot-start';
import { SlotStarts } from './slot-starts';
import { SlotIdleStop } from './slot-idle-stop';
import { SlotSession } from './slot-session';
import { SlotStops, type StopKind } from './slot-stop';
import { MAX_WAITING_UPDATES, UpdateBudget } from './update-budget';

/**
 * One server's life: its entry, state machine and connection (opened through the pool's factory),
 * its inventory, crash restarts with backoff and stop when idle. Publishes every status change.
 */
export class SlotLifecycle {
  /** The entry in force; ServerSlot replaces it (and decides whether that restarts the server). */
  config: ServerConfig;
  readonly state: SlotState;
  readonly store: InventoryStore;
  /** The calls running now: a server's request goes to its call's asker, told by its HTTP stream or (stdio that may speak 2026-07-28) the call whose `input_required` carried it (running-calls.ts). */
  readonly calls = new RunningCalls(() => !isStdio(this.config) || (this.config.protocol ?? '2025-11-25') !== '2025-11-25');
  #conn: Connection | undefined;
  /** Its starts and restarts (slot-starts.ts). */
  readonly #starts: SlotStarts;
  /** Its stops, and what tells a start asked before one to give up (slot-stop.ts). */
  readonly #stops: SlotStops;
  readonly #refresher: InventoryRefresher;
  /** Stops the server between uses after its idle time (slot-idle-stop.ts). */
  readonly #idle: SlotIdleStop;
  readonly #startedListeners: (() => void)[] = [];
  /** `${token}` and credential files of its program (credential-renewal.ts). */
  readonly #credentials: SlotCredentials;
  /** Its resource updates, paced per server; those waiting go with the connection that sent them. */
  readonly #updates: UpdateBudget;
  /** Its tools as last listed, for the output-schema checks of the pool's own call paths. */
  readonly #tools = listedTools(() => this.store.inventory.tools);
  /** What its starts (slot-connect.ts) and crash restarts (slot-restarts.ts) need of it. */
  readonly #host: RestartHost & StartingSlot;
  /** What one start (slot-start.ts) needs of it. */
  readonly #starter: StartHost;
  /** A new session for one the server forgot, and a quiet one checked (slot-session.ts). */
  readonly session: SlotSession;

  constructor(
    readonly name: string,
    config: ServerConfig,
    settings: Settings | undefined,
    private readonly options: SlotOptions,
  ) {
    this.config = config;
    this.state = new SlotState(name, options.restartPolicy, options.now());
    this.store = new InventoryStore(options.cacheDir, name, options.log, options.cacheLoads);
    this.#refresher = new InventoryRefresher({
      name,
      store: this.store,
      current: () => (this.#conn ? { conn: this.#conn, config: this.config } : undefined),
      now: options.now,
      setTimer: options.setTimer,
      ready: () => this.state.state === 'ready',
      log: options.log,
      onUpdated: () => {
        this.options.events.emit('inventory', { server: this.name });
        this.publish();
      },
      overBound: (conn, error) => haltOverBound(this.#host, conn, error),
    });
    this.#idle = new SlotIdleStop(config, settings, options.setTimer, {
      name,
      stoppable: () => this.#conn !== undefined && this.state.state === 'ready' && !this.#starts.starting && !this.#stops.stopping,
      refreshing: () => this.#refresher.running,
      stop: () => void this.#stops.stop('idle'),
      log: (line) => this.options.log(line),
    });
    this.#credentials = new SlotCredentials(name, options.delivery, {
      setTimer: options.setTimer,
      now: options.now,
      log: options.log,
      renew: () => this.#renewCredential(),
    });
    this.#updates = new UpdateBudget(
      options,
      (uri) => options.events.emit('resourceUpdated', { server: name, uri }),
      () => options.log(`[${name}] updates of more than ${MAX_WAITING_UPDATES} resources waited at once: the rest were dropped`),
    );
    this.#host = {
      name,
      state: this.state,
      options,
      calls: this.calls,
      credentials: this.#credentials,
      tools: this.#tools,
      relistTools: (relist) => this.#refresher.relist('tools', relist),
      config: () => this.config,
      closed: (conn) => this.#onClosed(conn),
      sessionExpired: (conn) => this.session.renewal.expired(conn),
      listChanged: (generation, part) => this.#onListChanged(generation, part),
      resourceUpdated: (uri) => this.#updates.notify(uri),
      busy: () => this.#conn !== undefined || this.#starts.starting !== undefined,
      generation: () => this.#stops.generation,
      start: () => this.start(false),
      move: (to, error) => this.#move(to, error),
      publish: () => this.publish(),
      log: (line) => this.options.log(line),
      now: () => this.options.now(),
    };
    this.#starter = {
      host: this.#host,
      options,
      store: this.store,
      refresher: this.#refresher,
      credentials: this.#credentials,
      current: () => this.#conn,
      setCurrent: (conn) => {
        this.#conn = conn;
      },
      ready: () => {
        if (this.#conn) this.session.ready(this.#conn);
        for (const listener of this.#startedListeners) listener();
        // A start for a call arms nothing yet: the call holds the timer until it ends.
        this.#idle.timer.arm();
      },
    };
    this.#stops = new SlotStops({
      name,
      state: this.state,
      refresher: this.#refresher,
      credentials: this.#credentials,
      letGo: () => {
        this.#idle.timer.disarm();
        this.#updates.clear();
        this.session.ended();
        const conn = this.#conn;
        this.#conn = undefined;
        return { conn, starting: this.#starts.starting };
      },
      move: (to) => this.#move(to),
    });
    this.#starts = new SlotStarts({
      name,
      state: this.state,
      store: this.store,
      refresher: this.#refresher,
      stops: this.#stops,
      starter: this.#starter,
      config: () => this.config,
      current: () => this.#conn,
    });
    const drop = (conn: Connection): void => this.#drop(conn, 'idle');
    const callFailed = (conn: Connection, error: CodedError): void => this.callFailed(conn, error);
    this.session = new SlotSession({ ...this.#host, setTimer: options.setTimer, renewals: options.sessionRenewals, current: () => this.#conn, drop, callFailed, start: () => this.start(false) });
  }

  /** Running, starting, or waiting to restart after a crash; not while stopped (a stop under way ends it, a person's stays). */
  get active(): boolean {
    if (this.#stops.stopping) return false;
    return this.#conn !== undefined || this.#starts.starting !== undefined || this.state.crashes.restartPending;
  }

  /** After a config apply: a changed idle time (own or the settings' default) applies to the running countdown. */
  idleTimeoutChanged(settings: Settings | undefined): void {
    this.#idle.changed(this.config, settings, this.#conn !== undefined && this.state.state === 'ready');
  }

  status(): ServerStatus {
    return slotStatus(this.name, this.config, this.state, this.store, this.options.approval(this.name, this.config));
  }

  publish(): void {
    this.options.events.emit('state', this.status());
  }

  /** A use (a call) begins: never stopped for idleness until the returned release. */
  use(): () => void {
    const idle = this.#idle.timer.use();
    const gate = this.#credentials.gate.use();
    return () => {
      idle();
      gate();
    };
  }

  /** Kept from an idle stop until the release (an agent's resource subscription); its credential renewal waits only for calls. */
  holdAwake(): () => void {
    return this.#idle.timer.use();
  }

  /** `listener` runs after every start that reached ready (a restart after a crash included). */
  onStarted(listener: () => void): void {
    this.#startedListeners.push(listener);
  }

  /** The running connection as it is (the common case costs no promise), or a lazy start (enabled checked after any stop). */
  connection(): Connection | Promise<Connection> {
    if (this.#conn && this.#credentials.gate.open) return this.#conn;
    // A call that arrives while the program's credential is being renewed waits for it.
    return this.#credentials.gate.whenOpen().then(() => this.#conn ?? this.start(false));
  }

  /** See SlotStarts.start. */
  start(explicit: boolean, asked?: number): Promise<Connection> {
    return this.#starts.start(explicit, asked);
  }

  /** See SlotStarts.restart. */
  restart(asked?: number): Promise<Connection> {
    return this.#starts.restart(asked);
  }

  /** A lazy start awaited until its first listing is stored; a server whose last start failed answers with that error. */
  async firstListing(): Promise<void> {
    const { state, lastError } = this.state;
    if (lastError && (state === 'needs_auth' || state === 'error')) throw CodedError.fromWire(lastError);
    await (this.#starts.starting ?? this.start(false));
  }

  /** A person's stops asked so far: taken when a start is asked (`start`'s `asked`). */
  get stopsAsked(): number {
    return this.#stops.asked;
  }

  /** Stops the child or session; nothing restarts it by itself after this. `restart`: one a start follows, which fails no start asked before it. */
  stop(kind: Exclude<StopKind, 'idle'> = 'stopped'): Promise<void> {
    return this.#stops.stop(kind);
  }

  /** MCP client/roots: a change is told to the running server, which asks roots/list again. */
  rootsChanged(): void {
    this.#conn?.client.sendRootsListChanged().catch(() => undefined);
  }

  /** A call failed: an HTTP session that failed (auth, network) is dropped; the next call connects anew. */
  callFailed(conn: Connection, error: CodedError): void {
    if (this.#conn !== conn || isStdio(this.config)) return;
    if (!endsSession(error)) return;
    this.#drop(conn);
    // Halted meanwhile (its tools listed again for this call passed a bound): that state and its error stay.
    if (this.state.state !== 'ready') return;
    this.state.fail(error, this.options.now());
    this.publish();
  }

  /** The running connection closed by us, between uses; `to` idle: as an idle stop, the next start a new session. */
  #drop(conn: Connection, to?: 'idle'): void {
    this.#conn = undefined;
    this.#idle.timer.disarm();
    this.#updates.clear();
    this.session.ended();
    void conn.close();
    if (to) this.#move(to);
  }

  #onClosed(conn: Connection): void {
    if (this.#conn !== conn) return;
    this.#conn = undefined;
    this.#idle.timer.disarm();
    this.#updates.clear();
    this.session.ended();
    void this.#credentials.release();
    // A failure while starting is reported by #doStart itself.
    if (this.state.state !== 'ready') return;
    endedWhileRunning(this.#host, conn);
  }

  /** Its `${token}` is due: restarted between calls, so the program gets a renewed one (RenewalGate). */
  async #renewCredential(): Promise<void> {
    if (!this.#conn || this.state.state !== 'ready') return;
    this.options.log(`[${this.name}] restarting it to hand it a renewed credential`);
    // A person's stop meanwhile wins: it is not started again.
    const asked = this.#stops.asked;
    await this.#stops.stop('idle');
    await this.start(false, asked);
  }

  #onListChanged(generation: number, part: InventoryPart): void {
    if (generation === this.#stops.generation) this.#refresher.changed(part);
  }

  #move(to: ServerState, error?: WireError): void {
    this.state.move(to, this.options.now(), error);
    this.publish();
  }
}
