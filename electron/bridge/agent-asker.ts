import type { ClientCapabilities, CreateMessageResult, ElicitRequestParams, ElicitResult, ListRootsResult } from '@modelcontextprotocol/client';
import type { RequestId, Server } from '@modelcontextprotocol/server';
import type { CallAsker } from '../pool';
import type { AgentError } from './agent-errors';
import { agentElicitation } from './agent-elicitation';
import { withoutSecrets } from './agent-result';
import { asksOf } from './agent-schema';
import type { AgentStore } from './agent-store';
import type { InputMethod } from './input-rounds';
import type { LacksCapability, NeededCapability } from './lacked-capability';
import { forwardedSampling, type ForwardedSampling } from './sampling-request';

/** An agent's call, as the pool carries it to the router of servers' requests (electron/app/asks/ask-router.ts). */
export interface AgentAsker extends CallAsker {
  readonly kind: 'agent';
  readonly agent: string;
  /** What the agent's client declared at initialize (MCP 2025-11-25 client capabilities). */
  readonly canElicit: { form: boolean; url: boolean };
  readonly canSample: boolean;
  /** Its client declared roots (MCP 2025-11-25 client/roots). */
  readonly canListRoots: boolean;
  /** The agent's settings now (agents.json), read when a request arrives. */
  settings(): ReturnType<typeof asksOf>;
  /**
   * Forwards to the agent's session, related to its tools/call (spec: request association). `key`:
   * the server's own name for the request (a 2026-07-28 server's), which a 2026-07-28 agent's round
   * keeps where it can (held-call.ts); a session's request has no key.
   */
  elicit(params: ElicitRequestParams, signal: AbortSignal, key?: string): Promise<ElicitResult>;
  /** Only what the person approved (sampling-request.ts), the allowlist applied again here, no vault value. */
  sample(params: ForwardedSampling, signal: AbortSignal, key?: string): Promise<CreateMessageResult>;
  listRoots(signal: AbortSignal, key?: string): Promise<ListRootsResult>;
  /**
   * A 2026-07-28 agent's: a request will come to it after the person's approval, so its round waits
   * for it (held-call.ts); what it returns is called once the request was put to the agent or refused.
   */
  expect?(): () => void;
  /**
   * Set by the gate once the call passed it (call-gate.ts stillPasses): why the call would not pass
   * now, if it would not. An agent's answer reaches the server only when it would.
   */
  recheck?: GateRecheck | undefined;
}

/** Why a call that passed the gate would not pass it now, if it would not (call-gate.ts stillPasses). */
export type GateRecheck = () => Promise<AgentError | undefined>;

export function isAgentAsker(asker: CallAsker | undefined): asker is AgentAsker {
  return asker !== undefined && (asker as Partial<AgentAsker>).kind === 'agent';
}

/** A sampling request as it reaches the agent, in either era: the allowlisted fields only, no vault value. */
function agentSampling(params: ForwardedSampling): ForwardedSampling {
  return withoutSecrets(forwardedSampling(params));
}

/** The asker of one agent request: its session's SDK server, the request's id, the agent's settings. */
export function agentAsker(server: Server, agent: string, requestId: RequestId, agents: AgentStore): AgentAsker {
  const declared = server.getClientCapabilities();
  const elicitation = declared?.elicitation;
  // An empty elicitation capability means form mode (2025-11-25 backwards compatibility).
  const form = elicitation !== undefined && (elicitation.form !== undefined || Object.keys(elicitation).length === 0);
  return {
    kind: 'agent',
    agent,
    label: `agent "${agent}"`,
    canElicit: { form, url: elicitation?.url !== undefined },
    canSample: declared?.sampling !== undefined,
    canListRoots: declared?.roots !== undefined,
    settings: () => asksOf(agents.peek(agent)?.asks),
    elicit: (params, signal) => server.elicitInput(agentElicitation(params), { relatedRequestId: requestId, signal }),
    sample: (params, signal) => server.createMessage(agentSampling(params), { relatedRequestId: requestId, signal }),
    listRoots: (signal) => server.listRoots(undefined, { relatedRequestId: requestId, signal }),
  };
}

/** How a 2026-07-28 agent's call puts a server's request to it: an `input_required` round (input-rounds.ts). */
export interface AgentRounds {
  /** The client capabilities its request declared (MCP 2026-07-28 `_meta` envelope). */
  declared: ClientCapabilities | undefined;
  ask(method: InputMethod, params: Record<string, unknown> | undefined, signal: AbortSignal, key: string | undefined): Promise<unknown>;
  expect(): () => void;
}

/**
 * A URL elicitation of 2026-07-28 carries no `elicitationId` (MCP 2026-07-28 client/elicitation): the
 * server's stays here. A server's question is the server's data like its results: no vault value.
 */
function modernElicitation(asked: ElicitRequestParams): Record<string, unknown> {
  const params = agentElicitation(asked);
  if (params.mode !== 'url') return { ...params };
  const { elicitationId: _kept, ...rest } = params;
  return rest;
}

/** What a client's declared elicitation allows: an empty capability means form mode (as in 2025-11-25). */
function elicitModes(declared: ClientCapabilities | undefined): { form: boolean; url: boolean } {
  const elicitation = declared?.elicitation;
  return { form: elicitation !== undefined && (elicitation.form !== undefined || Object.keys(elicitation).length === 0), url: elicitation?.url !== undefined };
}

/** Where a 2026-07-28 agent's call keeps the server's requests for its next round: its held call (held-call.ts). */
export interface HeldRounds extends LacksCapability {
  /** The gate's recheck of the call, kept with the held call for its retries (modern-round-trip.ts). */
  recheck: GateRecheck | undefined;
  ask(method: InputMethod, params: Record<string, unknown> | undefined, signal: AbortSignal, key: string | undefined): Promise<unknown>;
  expect(): () => void;
}

/**
 * The asker of a 2026-07-28 agent's call with rounds: one object, its methods on the prototype, so a
 * call the server never asks back (most) makes no closures for it; what it is asked goes to `held`.
 */
class RoundsAgentAsker implements AgentAsker, LacksCapability {
  readonly kind = 'agent';
  constructor(
    readonly agent: string,
    private readonly agents: AgentStore,
    private readonly declared: ClientCapabilities | undefined,
    private readonly held: HeldRounds,
  ) {}

  get label(): string {
    return `agent "${this.agent}"`;
  }
  get recheck(): GateRecheck | undefined {
    return this.held.recheck;
  }
  set recheck(recheck: GateRecheck | undefined) {
    this.held.recheck = recheck;
  }
  get canElicit(): { form: boolean; url: boolean } {
    return elicitModes(this.declared);
  }
  get canSample(): boolean {
    return this.declared?.sampling !== undefined;
  }
  get canListRoots(): boolean {
    return this.declared?.roots !== undefined;
  }
  settings(): ReturnType<typeof asksOf> {
    return asksOf(this.agents.peek(this.agent)?.asks);
  }
  async elicit(params: ElicitRequestParams, signal: AbortSignal, key?: string): Promise<ElicitResult> {
    return (await this.held.ask('elicitation/create', modernElicitation(params), signal, key)) as ElicitResult;
  }
  async sample(params: ForwardedSampling, signal: AbortSignal, key?: string): Promise<CreateMessageResult> {
    return (await this.held.ask('sampling/createMessage', { ...agentSampling(params) }, signal, key)) as CreateMessageResult;
  }
  async listRoots(signal: AbortSignal, key?: string): Promise<ListRootsResult> {
    return (await this.held.ask('roots/list', undefined, signal, key)) as ListRootsResult;
  }
  expect(): () => void {
    return this.held.expect();
  }
  lacks(capability: NeededCapability): void {
    this.held.lacks(capability);
  }
}

/** The asker of a 2026-07-28 agent's call whose server's requests become `input_required` rounds of `held`, for what `declared` (its request's capabilities) allows. */
export function roundsAgentAsker(agent: string, agents: AgentStore, declared: ClientCapabilities | undefined, held: HeldRounds): AgentAsker & LacksCapability {
  return new RoundsAgentAsker(agent, agents, declared, held);
}

/**
 * The asker of a 2026-07-28 agent's call. That era has no server-to-client requests: what the routing
 * (electron/app/asks/ask-routing.ts) gives the agent becomes an `input_required` result of its call, whose
 * retry answers it (`rounds`, issue #30 item 4), for what its request's capabilities declare. Without
 * rounds (or capabilities) the agent declares nothing: an elicitation goes to the person, naming the
 * agent, and sampling and roots are refused with the reason; each is audited under the agent.
 */
export function statelessAgentAsker(agent: string, agents: AgentStore, rounds?: AgentRounds): AgentAsker {
  const unreachable = (): Promise<never> => Promise.reject(new Error(`agent "${agent}" speaks 2026-07-28 and cannot be asked during its call`));
  const declared = rounds?.declared;
  const elicitation = declared?.elicitation;
  // An empty elicitation capability means form mode (as in 2025-11-25).
  const form = elicitation !== undefined && (elicitation.form !== undefined || Object.keys(elicitation).length === 0);
  return {
    kind: 'agent',
    agent,
    label: `agent "${agent}"`,
    canElicit: { form, url: elicitation?.url !== undefined },
    canSample: declared?.sampling !== undefined,
    canListRoots: declared?.roots !== undefined,
    settings: () => asksOf(agents.peek(agent)?.asks),
    elicit: rounds ? async (params, signal, key) => (await rounds.ask('elicitation/create', modernElicitation(params), signal, key)) as ElicitResult : unreachable,
    sample: rounds ? async (params, signal, key) => (await rounds.ask('sampling/createMessage', { ...agentSampling(params) }, signal, key)) as CreateMessageResult : unreachable,
    listRoots: rounds ? async (signal, key) => (await rounds.ask('roots/list', undefined, signal, key)) as ListRootsResult : unreachable,
    ...(rounds ? { expect: () => rounds.expect() } : {}),
  };
}
