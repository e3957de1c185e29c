import { callTimeout, isEnabled, sameConnection, type CallTimeout, type ServerConfig, type Settings } from '../../shared/config';
import { redact } from '../../shared/redact';
import { oneLineSafe } from '../../shared/text';
import type { CallResult, PromptInfo, ResourceInfo, ResourceTemplateInfo, ServerStatus, ToolInfo } from '../../shared/api';
import { cancelledError, untilAborted } from './call-helpers';
import { cancellationOf, type Cancellation } from './cancellation';
import type { Connection } from './connection';
import type { HoldPoint } from './deadline-hold';
import { isSessionGone, sessionGoneAgain } from './session-expiry';
import { upstreamLogLevel } from './call-logs';
import { toPoolError } from './map-error';
import { assertEnabled, completion, errorContext, progressListener, promptGet, requestOptions, resourceRead, resourceSubscription, toolCall, toolRefusal, type Completion, type CompletionParams, type Run } from './slot-calls';
import { SlotLifecycle } from './slot-lifecycle';
import { SlotSubscriptions } from './slot-subscriptions';
import type { SlotOptions } from './slot-options';
import { visibleInventory } from './slot-status';
import type { Inventory } from './inventory';
import { rootsOf } from './roots';
import type { CallOptions } from './types';
import { MAX_RESULT_DEPTH, nestsDeeperThan, tooDeepResult } from './result-depth';
import { startWithin, stillStarting } from './start-deadline';
import { CodedError, errorMessage } from '../../shared/errors';

/**
 * One configured server as the pool sees it: what it lists (from the cache), its calls (each
 * starting it lazily), a new entry applied; its life (state, connection, restarts) is its SlotLifecycle.
 */
export class ServerSlot {
  readonly #life: SlotLifecycle;
  /** mcp.json's `settings` as last applied: `defaultTimeoutMs` is read per call. */
  #settings: Settings | undefined;

  constructor(
    readonly name: string,
    config: ServerConfig,
    settings: Settings | undefined,
    private readonly options: SlotOptions,
  ) {
    this.#life = new SlotLifecycle(name, config, settings, options);
    this.#life.session.settingsChanged(settings);
    this.#settings = settings;
    this.#subscriptions = new SlotSubscriptions({
      server: name,
      send: (uri, subscribe, asked) => this.#request(`subscription to ${uri}`, asked, resourceSubscription(uri, subscribe)),
      holdAwake: () => this.#life.holdAwake(),
      running: () => this.#life.status().state === 'ready',
      log: (line) => this.options.log(redact(`[${this.name}] ${line}`)),
      setTimer: this.options.setTimer,
      limit: () => callTimeout(this.name, this.#life.config, this.#settings),
    });
    // A restart loses the server's subscriptions: each held one is asked for again.
    this.#life.onStarted(() => {
      for (const uri of this.#subscriptions.uris()) {
        this.#request(`subscription to ${uri}`, undefined, resourceSubscription(uri, true)).catch((error: unknown) =>
          this.options.log(redact(`[${this.name}] subscribing again to ${uri} failed: ${errorMessage(error)}`)),
        );
      }
    });
  }

  /** Resource subscriptions held by agents: how many hold each URI, and the hold that keeps the server up. */
  readonly #subscriptions: SlotSubscriptions;

  /** Counted per URI: the first subscribes upstream; while any holds one, no idle stop. */
  async subscribe(uri: string, options?: CallOptions): Promise<void> {
    assertEnabled(this.name, this.#life.config);
    return this.#subscriptions.subscribe(uri, options);
  }

  /** The last holder gives it back upstream, with its time limit (its signal ends only its own wait). */
  async unsubscribe(uri: string, options?: CallOptions): Promise<void> {
    return this.#subscriptions.unsubscribe(uri, options);
  }

  get loaded(): Promise<void> {
    return this.#life.store.loaded;
  }

  status(): ServerStatus {
    return this.#life.status();
  }

  inventoryStale(): boolean {
    return this.#life.store.isStale(this.#life.config);
  }

  /** The inventory as fetched, its tools, prompts, resources and templates through the pins (what the person approved). */
  async #listing(): Promise<Inventory> {
    await this.loaded;
    const { store } = this.#life;
    // Nothing listed yet is no listing: an empty one would read as every pinned tool removed.
    if (this.options.pins === undefined || store.updatedAt === undefined) return store.inventory;
    const fetched = store.inventory;
    const reviewed = await this.options.pins.review(this.name, fetched);
    // Counted in the status only while it is of the inventory still kept.
    if (store.inventory === fetched) store.reviewed = reviewed;
    return reviewed;
  }

  async tools(): Promise<ToolInfo[]> {
    return visibleInventory(this.#life.config, await this.#listing()).tools;
  }

  async resources(): Promise<{ resources: ResourceInfo[]; templates: ResourceTemplateInfo[] }> {
    const { resources, templates } = visibleInventory(this.#life.config, await this.#listing());
    return { resources, templates };
  }

  async prompts(): Promise<PromptInfo[]> {
    return visibleInventory(this.#life.config, await this.#listing()).prompts;
  }

  /** The tools, after a first start (lazy, and awaited to its listing) if nothing was ever listed. */
  async listTools(): Promise<ToolInfo[]> {
    await this.loaded;
    if (this.#life.store.updatedAt === undefined) await this.#life.firstListing();
    return this.tools();
  }

  async callTool(tool: string, args: Record<string, unknown>, options?: CallOptions): Promise<CallResult> {
    const config = this.#life.config;
    assertEnabled(this.name, config);
    // Checked before anything starts: a denied tool never spawns its server.
    const refusal = toolRefusal(this.name, config, tool);
    if (refusal) throw refusal;
    // Named in errors and log lines: a line break in the name (an agent's, a server's) stays inside them.
    const what = `tool "${oneLineSafe(tool)}"`;
    return this.#request(what, options, toolCall(tool, args, errorContext(this.name, config, 'call', 0, undefined, what), config), tool);
  }

  async readResource(uri: string, options?: CallOptions): Promise<{ contents: Record<string, unknown>[] }> {
    assertEnabled(this.name, this.#life.config);
    return this.#request(`resource ${oneLineSafe(uri)}`, options, resourceRead(uri));
  }

  async getPrompt(prompt: string, args: Record<string, string>, options?: CallOptions): Promise<{ description?: string; messages: Record<string, unknown>[] }> {
    assertEnabled(this.name, this.#life.config);
    return this.#request(`prompt "${oneLineSafe(prompt)}"`, options, promptGet(prompt, args));
  }

  async complete(params: CompletionParams, options?: CallOptions): Promise<{ completion: Completion }> {
    assertEnabled(this.name, this.#life.config);
    const what = params.ref.type === 'ref/prompt' ? `completion for prompt "${oneLineSafe(params.ref.name)}"` : `completion for ${oneLineSafe(params.ref.uri)}`;
    return this.#request(what, options, completion(params));
  }

  /** Spawns or connects now (a person or the app asked): see SlotLifecycle.start. */
  async start(asked?: number): Promise<void> {
    await this.#life.start(true, asked);
  }

  /** Stopped and started again (Restart): see SlotStarts.restart. */
  async restart(asked?: number): Promise<void> {
    await this.#life.restart(asked);
  }

  /** See SlotLifecycle.stopsAsked. */
  get stopsAsked(): number {
    return this.#life.stopsAsked;
  }

  /** Stops the child or session; nothing restarts it by itself after this. */
  stop(): Promise<void> {
    return this.#life.stop();
  }

  /**
   * After a config apply: a changed idle time (own or the settings' default) applies to the running
   * countdown, a changed `settings.defaultTimeoutMs` to the next call.
   */
  settingsChanged(settings: Settings | undefined): void {
    this.#settings = settings;
    this.#life.idleTimeoutChanged(settings);
    this.#life.session.settingsChanged(settings);
  }

  /**
   * A new config for this name. When only fields read per call changed (description, timeoutMs, timeouts,
   * tools) it is taken in place: the process and its in-flight calls live on, the next call and
   * listing use it. Otherwise a running server restarts with it, others just take it.
   */
  async replaceConfig(config: ServerConfig): Promise<void> {
    const life = this.#life;
    if (sameConnection(life.config, config) && isEnabled(life.config) === isEnabled(config)) {
      const rootsChanged = JSON.stringify(rootsOf(life.config)) !== JSON.stringify(rootsOf(config));
      life.config = config;
      if (rootsChanged) life.rootsChanged();
      // Counts shown in the status follow the tool policy.
      life.publish();
      return;
    }
    const running = life.active;
    const blocked = life.state.state === 'needs_auth' || life.state.state === 'error';
    life.config = config;
    life.state.unblock();
    // Not a person's stop: a start asked before it (Connect) goes on with the new entry.
    if (running && isEnabled(config)) await life.restart().catch(() => undefined);
    else if (running || blocked) await life.stop('restart');
    else life.publish();
  }

  /** Removed from the config: stop, and drop the cache. */
  async forget(): Promise<void> {
    await this.#life.stop();
    await this.#life.store.forget();
  }

  /** One request as a call of its asker, in the call's scope: a server's request on its own HTTP stream is its (running-calls.ts). */
  #request<T>(what: string, options: CallOptions | undefined, run: Run<T>, tool?: string): Promise<T> {
    return this.#life.calls.run(options?.asker, what, (point) => this.#requestNow(what, options, run, tool, point), options?.log);
  }

  /**
   * One request to an enabled server: started lazily, held from idle stop until it ends, failures
   * mapped. A 404 for its 2025-11-25 session (the server forgot it) starts one new session and sends
   * the request again on it (MCP 2025-11-25 Transports §Session Management): a tools/call too, since
   * a server answers 404 instead of running a request of a session it does not know.
   */
  async #requestNow<T>(what: string, options: CallOptions | undefined, run: Run<T>, tool: string | undefined, point: HoldPoint): Promise<T> {
    const cancel = cancellationOf(options?.signal);
    if (cancel?.aborted) throw cancelledError(this.name, what, cancel);
    // Held from before the start until the result (progress included): never stopped mid-call.
    const release = this.#life.use();
    try {
      // A running connection is used as it is: no await, no closure for a cancellation it cannot wait on.
      // The caller's own timeout (`call --timeout`, a program's timeoutMs) is the whole call's, its server's start included.
      const own = options?.timeoutMs;
      const began = own === undefined ? 0 : this.options.now();
      /** What is left of the caller's own time. */
      const left = (): number | undefined => (own === undefined ? undefined : Math.max(1, own - (this.options.now() - began)));
      const ready = startWithin(this.#life.connection(), own, () => stillStarting(this.name, what, own ?? 0));
      const conn = ready instanceof Promise ? await untilAborted(ready, cancel, () => cancelledError(this.name, what, cancel)) : ready;
      // The caller's own deadline (what the start left of it), else the config's, read now: a change applies to the next call.
      const ownLeft = left();
      const deadline: { ms: number; raise?: CallTimeout['raise'] } = ownLeft !== undefined ? { ms: ownLeft } : callTimeout(this.name, this.#life.config, this.#settings, tool);
      try {
        return await this.#attempt(conn, what, options, run, cancel, deadline, point);
      } catch (error) {
        if (cancel?.aborted || !isSessionGone(conn.sessionExpired(), error)) throw this.#failed(conn, error, cancel);
        // The new session's start is within the caller's own time too; past it, it goes on for the next call.
        const renewing = startWithin(this.#life.session.renewal.renew(conn), left(), () => stillStarting(this.name, what, own ?? 0, true));
        const renewed = await untilAborted(Promise.resolve(renewing), cancel, () => cancelledError(this.name, what, cancel));
        // Forgotten while it was starting: sent again, it would only be answered 404 once more.
        if (renewed.sessionExpired()) throw this.#failed(renewed, sessionGoneAgain(this.name), cancel);
        const afterRenewal = left();
        try {
          return await this.#attempt(renewed, what, options, run, cancel, afterRenewal !== undefined ? { ms: afterRenewal } : deadline, point);
        } catch (again) {
          throw this.#failed(renewed, !cancel?.aborted && isSessionGone(renewed.sessionExpired(), again) ? sessionGoneAgain(this.name) : again, cancel);
        }
      }
    } finally {
      release();
    }
  }

  /** One try of a request on `conn`; its failure mapped (a cancellation as the caller's). */
  async #attempt<T>(conn: Connection, what: string, options: CallOptions | undefined, run: Run<T>, cancel: Cancellation | undefined, deadline: { ms: number; raise?: CallTimeout['raise'] }, point: HoldPoint): Promise<T> {
    try {
      // Only the first request that asks a connection for log messages pays an await for them (the bridge's hot path does not).
      const asked = options?.log === undefined ? undefined : upstreamLogLevel(conn.client, conn.protocol, options.log, (line) => this.options.log(`[${this.name}] ${line}`));
      const meta = asked instanceof Promise ? await asked : asked;
      const progress = progressListener(this.name, options, this.options.log, () => this.options.now());
      let result: T;
      try {
        result = await run(conn.client, requestOptions(deadline.ms, progress), conn, cancel, meta, point);
      } finally {
        // Nothing held back by the pacer reaches the caller after its call's answer.
        progress?.end();
      }
      if (nestsDeeperThan(result, MAX_RESULT_DEPTH)) throw tooDeepResult(this.name, what);
      this.#life.session.answered(conn);
      return result;
    } catch (error) {
      if (cancel?.aborted) throw cancelledError(this.name, what, cancel);
      // A timeout is said in the caller's own time, not in what the start left of it.
      const context = errorContext(this.name, this.#life.config, 'call', options?.timeoutMs ?? deadline.ms, conn, what);
      if (deadline.raise !== undefined) context.raise = deadline.raise;
      if (options?.timeoutMs !== undefined) context.ownTimeout = true;
      throw toPoolError(error, context);
    }
  }

  /** A failed request: its HTTP session dropped when it failed for auth or the network (not for a cancellation). */
  #failed(conn: Connection, error: unknown, cancel: Cancellation | undefined): unknown {
    if (!cancel?.aborted && error instanceof CodedError) this.#life.callFailed(conn, error);
    return error;
  }
}
