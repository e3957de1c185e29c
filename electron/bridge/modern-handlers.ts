import type { CallToolRequest, McpHttpHandler, ServerContext } from '@modelcontextprotocol/server';
import { agentText, logProtocolError } from './agent-log';
import type { CallContext } from './call-context';
import { InputRounds } from './input-rounds';
import { ModernLane } from './modern-lane';
import { createModernServer } from './modern-server';
import { modernToolCall } from './modern-tool-call';
import { ServerPool } from './modern-server-pool';
import type { GatherSetting, RetryWindow } from './round-gathering';
import { loadModernSdk, modernSdkIfLoaded } from './server-sdk';
import { bridgeStopping, stoppingAnswer } from './stopping-answer';
import { StoppingExchanges } from './stopping-exchanges';

/** At most this many `subscriptions/listen` streams one agent keeps open (each holds a connection). */
export const MAX_LISTENS_PER_AGENT = 64;
/**
 * The SDK's own cap, a backstop only: the bridge refuses the stream past MAX_LISTENS_PER_AGENT first
 * (modern-listen.ts, as a rate limit the agent can act on); the slack covers streams the SDK has not
 * yet let go of when their connection's close already freed the bridge's count.
 */
const SDK_LISTEN_BACKSTOP = MAX_LISTENS_PER_AGENT + 8;

export type ListKind = 'tools' | 'prompts' | 'resources';

/**
 * One SDK v2 handler (`createMcpHandler`, legacy: 'reject') per agent for its 2026-07-28 requests, its
 * servers reused from request to request (modern-server-pool.ts),
 * made on the agent's first such request and closed when the agent is removed or its token rotated
 * (its open listen streams end then). Per agent, so a list change or resource update published to one
 * reaches only that agent's listen streams (MCP 2026-07-28 §subscriptions/listen).
 */
export class ModernHandlers {
  readonly #made = new Map<string, Promise<McpHttpHandler>>();
  readonly #ready = new Map<string, McpHttpHandler>();
  readonly #updates = new Set<string>();
  /** Per agent, its listen streams open now (modern-listen.ts). */
  readonly listens = new Map<string, number>();
  /** Per agent, the lane of its first-round tools/call (modern-lane.ts); null where this SDK's internals allow none. */
  readonly #lanes = new Map<string, ModernLane | null>();
  /** Every agent's requests in flight on createMcpHandler's path (modern-endpoint.ts), for a stop to answer. */
  readonly exchanges = new StoppingExchanges();
  /** Calls held open across their input_required rounds, every agent's (input-rounds.ts). */
  readonly rounds: InputRounds;

  constructor(
    readonly ctx: CallContext,
    private readonly version: string,
    roundWindowMs?: RetryWindow,
    /** False: every request takes createMcpHandler's path (the lane's equivalence tests compare the two). */
    private readonly laneOn = true,
    gather?: GatherSetting,
  ) {
    this.rounds = new InputRounds({ now: ctx.now, ...(roundWindowMs === undefined ? {} : { windowMs: roundWindowMs }), ...(gather === undefined ? {} : { gather }) });
  }

  /** The agent's handler, made on first use. */
  handler(agent: string): McpHttpHandler | Promise<McpHttpHandler> {
    const ready = this.#ready.get(agent);
    if (ready) return ready;
    let made = this.#made.get(agent);
    if (made === undefined) {
      made = loadModernSdk().then((sdk) => {
        // One pool per handler: dropping the agent drops both. Rounds live in this.rounds, not on a
        // server, so a retry may land on any pooled server.
        const servers = new ServerPool((track) => createModernServer(sdk, this.ctx, agent, this.version, this.rounds, track));
        const handler = sdk.createMcpHandler(() => servers.take(), {
          legacy: 'reject',
          maxSubscriptions: SDK_LISTEN_BACKSTOP,
          onerror: (error) => logProtocolError(this.ctx.log, agent, `agent "${agent}" (2026-07-28): ${agentText(error.message)}`),
        });
        // Dropped meanwhile (the agent removed while its first request loaded the SDK): not kept.
        if (this.#made.get(agent) === made) this.#ready.set(agent, handler);
        return handler;
      });
      this.#made.set(agent, made);
    }
    return made;
  }

  /**
   * The agent's lane, over a long-lived server of its own made on first use (its handlers read the
   * agent's settings at each call, as the pooled servers' do); undefined until a request has loaded
   * the SDK, or when the lane is off or this SDK allows none.
   */
  lane(agent: string): ModernLane | undefined {
    const known = this.#lanes.get(agent);
    if (known !== undefined || !this.laneOn) return known ?? undefined;
    const sdk = modernSdkIfLoaded();
    if (sdk === undefined) return undefined;
    const core = (request: unknown, rc: unknown): unknown => modernToolCall(sdk, this.ctx, this.rounds, agent, request as CallToolRequest, rc as ServerContext);
    const fail = (code: number, message: string): Error => new sdk.ProtocolError(code, message);
    const lane = ModernLane.over(createModernServer(sdk, this.ctx, agent, this.version, this.rounds), core, fail, this.ctx.log) ?? null;
    if (lane === null) this.ctx.log(`agent "${agent}" (2026-07-28): this SDK's internals differ from the lane's; every request takes the SDK's path`);
    this.#lanes.set(agent, lane);
    return lane ?? undefined;
  }

  /** Agents with a handler now (those that spoke 2026-07-28 since the bridge started). */
  agents(): string[] {
    return [...this.#ready.keys()];
  }

  /** Tells the agent's listen streams that these lists may have changed. */
  changed(agent: string, kinds: readonly ListKind[]): void {
    const notify = this.#ready.get(agent)?.notify;
    if (!notify) return;
    for (const kind of kinds) {
      if (kind === 'tools') notify.toolsChanged();
      else if (kind === 'prompts') notify.promptsChanged();
      else notify.resourcesChanged();
    }
  }

  /**
   * A resource the agent's listen streams may follow changed. Each of its streams holding the URI asks
   * for this in the same turn (resource-subscriptions.ts), and the handler's bus reaches every stream
   * of the agent that follows it: one publication per turn.
   */
  resourceUpdated(agent: string, uri: string): void {
    const key = `${agent}\u0000${uri}`;
    if (this.#updates.has(key)) return;
    if (this.#updates.size === 0) queueMicrotask(() => this.#updates.clear());
    this.#updates.add(key);
    this.#ready.get(agent)?.notify.resourceUpdated(uri);
  }

  /** The agent was removed or its token rotated: its exchanges and listen streams end. */
  async drop(agent: string): Promise<void> {
    const made = this.#made.get(agent);
    this.rounds.drop(agent);
    this.#lanes.get(agent)?.close();
    this.#lanes.delete(agent);
    this.#made.delete(agent);
    this.#ready.delete(agent);
    if (made) await (await made).close();
  }

  /** The bridge stops: every agent's requests in flight, on the lane and on the SDK's path, are answered first (stopping-answer.ts). */
  stopAll(): void {
    const error = bridgeStopping();
    for (const lane of this.#lanes.values()) lane?.stop(error);
    this.exchanges.stop(stoppingAnswer);
  }

  async closeAll(): Promise<void> {
    await Promise.all([...new Set([...this.#made.keys(), ...this.#lanes.keys()])].map((agent) => this.drop(agent)));
  }
}
