import { DEFAULT_STARTUP_TIMEOUT_MS, idleTimeoutOf, isEnabled, sameConnection, type ServerConfig } from '../../shared/config';
import { CodedError, toCodedError, type WireError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import type { CallResult, PromptInfo, ResourceInfo, ResourceTemplateInfo, ServerState, ServerStatus, ToolInfo } from '../../shared/api';
import { openConnection, type Connection } from './connection';
import { CrashTracker } from './crash-tracker';
import { fetchInventory, type InventoryPart } from './fetch-inventory';
import { IdleTimer } from './idle-timer';
import { InventoryRefresher } from './inventory-refresh';
import { InventoryStore } from './inventory-store';
import { endedError, redactCoded, toPoolError } from './map-error';
import { callTool, errorContext, getPrompt, readResource, type CallHost } from './slot-calls';
import type { SlotEnv } from './slot-env';
import { buildStatus, visibleInventory } from './slot-status';
import { initialState, transition, type StateRecord } from './state-machine';
import type { CallOptions } from './types';
import { RunningCalls } from './running-calls';
import { rootsOf } from './roots';

const ALL_PARTS: readonly InventoryPart[] = ['tools', 'resources', 'prompts'];

/** The transport stopped the server for flooding its output (ServerOutput). */
function floodedOf(conn: Connection): boolean {
  return conn.ended()?.failure?.data?.['flood'] !== undefined;
}

/** One configured server: its state machine, connection, inventory and crash accounting. */
export class ServerSlot {
  #config: ServerConfig;
  #record: StateRecord;
  #lastError: WireError | undefined;
  readonly #crashes: CrashTracker;
  readonly #store: InventoryStore;
  readonly #host: CallHost;
  #conn: Connection | undefined;
  #starting: Promise<Connection> | undefined;
  #stopping: Promise<void> | undefined;
  #abort: AbortController | undefined;
  /** Stopped for flooding its output: not started again until a person asks (or its config changes). */
  #halted: CodedError | undefined;
  /** Bumped by every stop, so a start begun before it gives up. */
  #generation = 0;
  readonly #refresher: InventoryRefresher;
  /** Stops the server between uses after its idle time (settings or its own idleTimeoutMs). */
  readonly #idle: IdleTimer;
  #idleMs: number;

  constructor(
    readonly name: string,
    config: ServerConfig,
    private readonly env: SlotEnv,
  ) {
    this.#config = config;
    this.#record = initialState(env.now());
    this.#crashes = new CrashTracker(env.restartPolicy);
    this.#store = new InventoryStore(env.cacheDir, name, env.log);
    this.#refresher = new InventoryRefresher({
      name,
      store: this.#store,
      current: () => (this.#conn ? { conn: this.#conn, config: this.#config } : undefined),
      now: env.now,
      log: env.log,
      onUpdated: () => {
        this.env.emitInventory(this.name);
        this.#publish();
      },
    });
    this.#host = {
      name,
      config: () => this.#config,
      log: env.log,
      assertEnabled: () => this.#assertEnabled(),
      connect: () => this.start(false),
      use: () => this.#idle.use(),
      callFailed: (conn, error) => this.#callFailed(conn, error),
      calls: new RunningCalls(),
    };
    this.#idleMs = idleTimeoutOf(config, env.settings());
    this.#idle = new IdleTimer({ setTimer: env.setTimer, timeoutMs: () => this.#idleMs, onIdle: () => this.#idleStop() });
  }

  /** After a config apply: a changed idle time (own or default) applies to the running countdown. */
  idleTimeoutChanged(): void {
    const ms = idleTimeoutOf(this.#config, this.env.settings());
    if (ms === this.#idleMs) return;
    this.#idleMs = ms;
    if (this.#conn && this.#record.state === 'ready') this.#idle.arm();
  }

  get loaded(): Promise<void> {
    return this.#store.loaded;
  }

  inventoryStale(): boolean {
    return this.#store.isStale(this.#config);
  }

  status(): ServerStatus {
    return buildStatus({
      name: this.name,
      config: this.#config,
      record: this.#record,
      approval: this.env.approval(this.name, this.#config),
      visible: visibleInventory(this.#config, this.#store.inventory),
      inventoryUpdatedAt: this.#store.updatedAt,
      crashes: this.#crashes.total,
      lastError: this.#lastError,
    });
  }

  async tools(): Promise<ToolInfo[]> {
    await this.loaded;
    return visibleInventory(this.#config, this.#store.inventory).tools;
  }

  async resources(): Promise<{ resources: ResourceInfo[]; templates: ResourceTemplateInfo[] }> {
    await this.loaded;
    const { resources, templates } = visibleInventory(this.#config, this.#store.inventory);
    return { resources, templates };
  }

  async prompts(): Promise<PromptInfo[]> {
    await this.loaded;
    return visibleInventory(this.#config, this.#store.inventory).prompts;
  }

  callTool(tool: string, args: Record<string, unknown>, options?: CallOptions): Promise<CallResult> {
    return callTool(this.#host, tool, args, options);
  }

  readResource(uri: string, options?: CallOptions): Promise<{ contents: Record<string, unknown>[] }> {
    return readResource(this.#host, uri, options);
  }

  getPrompt(prompt: string, args: Record<string, string>, options?: CallOptions): Promise<{ description?: string; messages: Record<string, unknown>[] }> {
    return getPrompt(this.#host, prompt, args, options);
  }

  /**
   * Spawns or connects unless running. `explicit` (a person or the app asked) also clears a crash
   * give-up or needs_auth, and refreshes the inventory of a running server.
   */
  async start(explicit: boolean): Promise<Connection> {
    await this.loaded;
    if (this.#stopping) await this.#stopping;
    this.#assertEnabled();
    if (this.#conn) {
      if (explicit) await this.#refresher.refresh(ALL_PARTS);
      return this.#conn;
    }
    if (this.#starting) return this.#starting;
    if (explicit) {
      this.#crashes.reset();
      this.#halted = undefined;
    } else if (this.#halted) {
      throw this.#halted;
    } else if (this.#record.state === 'needs_auth') {
      // No retry storms: only an explicit start (after the person reconnects) tries again.
      throw this.#lastError ? CodedError.fromWire(this.#lastError) : new CodedError('auth_required', `"${this.name}" needs authorization`);
    } else if (this.#crashes.gaveUp) {
      throw new CodedError('server_unavailable', redact(`"${this.name}" kept crashing and is no longer restarted automatically`), {
        hint: `run \`connected-services connect ${this.name}\` to start it again`,
      });
    }
    this.#crashes.cancelRestart();
    const starting = this.#doStart();
    this.#starting = starting;
    try {
      return await starting;
    } finally {
      if (this.#starting === starting) this.#starting = undefined;
    }
  }

  /** Stops the child or session; nothing restarts it by itself after this. */
  stop(): Promise<void> {
    return this.#stopAs('stopped');
  }

  #stopAs(to: 'stopped' | 'idle'): Promise<void> {
    this.#stopping ??= this.#doStop(to).finally(() => {
      this.#stopping = undefined;
    });
    return this.#stopping;
  }

  /** Unused for its idle time: stopped between uses, shown `idle` again; the next call starts it. */
  #idleStop(): void {
    if (!this.#conn || this.#record.state !== 'ready' || this.#starting || this.#stopping || this.#idle.busy) return;
    if (this.#refresher.running) {
      // An inventory fetch is a request in flight: wait for it, then a full idle period.
      const rearm = (): void => this.#idle.arm();
      void this.#refresher.running.then(rearm, rearm);
      return;
    }
    this.env.log(`[${this.name}] stopped after ${this.#idleMs} ms unused; the next call starts it again`);
    void this.#stopAs('idle');
  }

  /**
   * A new config for this name. When only fields read per call changed (description, timeoutMs,
   * tools) it is taken in place: the process and its in-flight calls live on, the next call and
   * listing use it. Otherwise a running server restarts with it, others just take it.
   */
  async replaceConfig(config: ServerConfig): Promise<void> {
    if (sameConnection(this.#config, config) && isEnabled(this.#config) === isEnabled(config)) {
      const rootsChanged = JSON.stringify(rootsOf(this.#config)) !== JSON.stringify(rootsOf(config));
      this.#config = config;
      // MCP client/roots: a change is told to the running server, which asks roots/list again.
      if (rootsChanged) this.#conn?.client.sendRootsListChanged().catch(() => undefined);
      // Counts shown in the status follow the tool policy.
      this.#publish();
      return;
    }
    const running = this.#conn !== undefined || this.#starting !== undefined || this.#crashes.restartPending;
    const blocked = this.#record.state === 'needs_auth' || this.#record.state === 'error';
    this.#config = config;
    this.#crashes.reset();
    this.#halted = undefined;
    if (running || blocked) await this.stop();
    else this.#publish();
    if (running && isEnabled(config)) await this.start(true).catch(() => undefined);
  }

  /** Removed from the config: stop, and drop the cache. */
  async forget(): Promise<void> {
    await this.stop();
    await this.#store.forget();
  }

  #assertEnabled(): void {
    if (isEnabled(this.#config)) return;
    throw new CodedError('denied', redact(`"${this.name}" is disabled`), {
      hint: redact(`enable it in the app, or set "enabled": true for "${this.name}" in mcp.json`),
    });
  }

  /** An HTTP session that failed (auth, network) is dropped; the next call connects anew. */
  #callFailed(conn: Connection, error: CodedError): void {
    if (this.#conn !== conn || 'command' in this.#config) return;
    if (error.code !== 'auth_required' && error.code !== 'server_unavailable') return;
    this.#conn = undefined;
    this.#idle.disarm();
    void conn.close();
    this.#lastError = error.toWire();
    this.#move(error.code === 'auth_required' ? 'needs_auth' : 'error', this.#lastError);
  }

  async #doStart(): Promise<Connection> {
    const generation = this.#generation;
    const config = this.#config;
    const refusal = 'command' in config ? this.env.gate?.(this.name, config) : null;
    if (refusal) {
      // Not approved (or otherwise refused): nothing spawns and the state does not move.
      const error = redactCoded(refusal);
      this.#lastError = error.toWire();
      this.#publish();
      throw error;
    }
    this.#move('starting');
    const abort = new AbortController();
    this.#abort = abort;
    const startupTimeoutMs = config.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS;
    const holder: { conn?: Connection } = {};
    try {
      const resolved = await this.env.resolve(this.name, config);
      this.#assertCurrent(generation);
      holder.conn = await openConnection({
        server: this.name,
        config: resolved,
        startupTimeoutMs,
        signal: abort.signal,
        baseEnv: this.env.baseEnv,
        maxMessageBytes: this.env.maxMessageBytes,
        stopGraceMs: this.env.stopGraceMs,
        floodLimits: this.env.floodLimits,
        now: this.env.now,
        httpFetch: this.env.httpFetch,
        spawn: this.env.spawn,
        log: this.env.log,
        onClosed: () => {
          if (holder.conn) this.#onClosed(holder.conn);
        },
        onListChanged: (part) => this.#onListChanged(generation, part),
        onLog: (message) => {
          if (generation === this.#generation) this.env.emitLog({ server: this.name, ...message });
        },
        asks: { ...this.env.asks, calls: this.#host.calls, roots: () => rootsOf(this.#config), now: this.env.now, setTimer: this.env.setTimer },
      });
      const conn = holder.conn;
      this.#assertCurrent(generation);
      this.#conn = conn;
      this.#refresher.clear();
      const inventory = await fetchInventory(this.name, conn.client, { timeout: startupTimeoutMs, signal: abort.signal }, this.#store.inventory);
      this.#assertCurrent(generation);
      await this.#store.store(inventory, config, this.env.now());
      this.#assertCurrent(generation);
      this.#move('ready');
      // A start for a call arms nothing yet: the call holds the timer until it ends.
      this.#idle.arm();
      this.env.emitInventory(this.name);
      // list_changed that came in while listing.
      this.#refresher.kick();
      return conn;
    } catch (error) {
      const coded = toPoolError(error, errorContext(this.name, config, 'start', startupTimeoutMs, holder.conn));
      if (holder.conn && floodedOf(holder.conn)) this.#halted = coded;
      if (holder.conn) {
        if (this.#conn === holder.conn) this.#conn = undefined;
        await holder.conn.close();
      }
      if (generation === this.#generation && this.#record.state === 'starting') {
        this.#lastError = coded.toWire();
        this.#move(coded.code === 'auth_required' ? 'needs_auth' : 'error', this.#lastError);
      }
      throw coded;
    } finally {
      if (this.#abort === abort) this.#abort = undefined;
    }
  }

  #assertCurrent(generation: number): void {
    if (generation !== this.#generation) {
      throw new CodedError('server_unavailable', `"${this.name}" was stopped while starting`, { hint: 'start it again' });
    }
  }

  async #doStop(to: 'stopped' | 'idle'): Promise<void> {
    this.#generation++;
    this.#idle.disarm();
    this.#crashes.cancelRestart();
    this.#crashes.reset();
    this.#abort?.abort();
    this.#refresher.clear();
    const conn = this.#conn;
    this.#conn = undefined;
    await Promise.all([conn?.close(), this.#starting?.catch(() => undefined), this.#refresher.running]);
    if (this.#record.state !== 'idle' && this.#record.state !== 'stopped') this.#move(to);
  }

  #onClosed(conn: Connection): void {
    if (this.#conn !== conn) return;
    this.#conn = undefined;
    this.#idle.disarm();
    // A failure while starting is reported by #doStart itself.
    if (this.#record.state !== 'ready') return;
    void conn.close();
    const error = endedError(this.name, conn.ended(), 'while running');
    if (floodedOf(conn)) {
      // Restarting would only start the flood again.
      this.#halted = error;
      this.#lastError = error.toWire();
      this.#move('error', this.#lastError);
      return;
    }
    this.#recordCrash(error);
  }

  #recordCrash(error: CodedError): void {
    const outcome = this.#crashes.record(this.env.now());
    let wire = error.toWire();
    if (!outcome.restart) {
      wire = {
        ...wire,
        message: `${wire.message}; no longer restarted after ${outcome.crashesInWindow} crashes within ${this.env.restartPolicy.windowMs / 1000} s`,
        hint: `run \`connected-services connect ${this.name}\` to start it again`,
      };
    }
    this.#lastError = wire;
    if (this.#record.state === 'error') this.#publish();
    else this.#move('error', wire);
    this.env.log(`[${this.name}] ${wire.message}`);
    if (outcome.restart) this.#crashes.scheduleRestart(outcome.delayMs, () => void this.#autoRestart());
  }

  async #autoRestart(): Promise<void> {
    if (this.#conn || this.#starting || this.#crashes.gaveUp || this.#record.state !== 'error') return;
    const generation = this.#generation;
    try {
      await this.start(false);
    } catch (error) {
      const coded = toCodedError(error);
      // A restart that dies again counts as another crash; other failures (timeout, auth) end the loop.
      const idle = !this.#conn && !this.#starting && !this.#crashes.restartPending;
      if (generation === this.#generation && idle && coded.code === 'server_unavailable' && this.#record.state === 'error') {
        this.#recordCrash(coded);
      }
    }
  }

  #onListChanged(generation: number, part: InventoryPart): void {
    if (generation !== this.#generation) return;
    this.#refresher.add(part);
    if (this.#record.state === 'ready') this.#refresher.kick();
  }

  #move(to: ServerState, error?: WireError): void {
    this.#record = transition(this.#record, to, this.env.now(), error);
    this.#publish();
  }

  #publish(): void {
    this.env.emitState(this.status());
  }
}
