import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult, ListRootsResult } from '@modelcontextprotocol/client';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { CallAsker } from '../pool';
import { loadSdkTypes } from './server-sdk';
import { asksOf } from './agent-schema';
import type { AgentStore } from './agent-store';

/** An agent's call, as the pool carries it to the router of servers' requests (electron/app/ask-router.ts). */
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
  /** Forwards to the agent's session, related to its tools/call (spec: request association). */
  elicit(params: ElicitRequestParams, signal: AbortSignal): Promise<ElicitResult>;
  sample(params: CreateMessageRequestParams, signal: AbortSignal): Promise<CreateMessageResult>;
  listRoots(signal: AbortSignal): Promise<ListRootsResult>;
}

export function isAgentAsker(asker: CallAsker | undefined): asker is AgentAsker {
  return asker !== undefined && (asker as Partial<AgentAsker>).kind === 'agent';
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
    elicit: (params, signal) => server.elicitInput(params, { relatedRequestId: requestId, signal }),
    // The pool speaks SDK v2, this session SDK 1.x: the server's request crosses as data, checked by 1.x's schema.
    sample: async (params, signal) => server.createMessage((await loadSdkTypes()).CreateMessageRequestParamsSchema.parse(params), { relatedRequestId: requestId, signal }),
    listRoots: (signal) => server.listRoots(undefined, { relatedRequestId: requestId, signal }),
  };
}

/**
 * The asker of a 2026-07-28 agent's call. That era has no server-to-client requests, and turning a
 * server's request into an `input_required` result is not built yet (issue #30 item 4), so the agent
 * declares none: the routing (electron/app/ask-routing.ts) sends an elicitation to the person, naming
 * the agent, and refuses sampling and roots with the reason; each is audited under the agent.
 */
export function statelessAgentAsker(agent: string, agents: AgentStore): AgentAsker {
  const unreachable = (): Promise<never> => Promise.reject(new Error(`agent "${agent}" speaks 2026-07-28 and cannot be asked during its call`));
  return {
    kind: 'agent',
    agent,
    label: `agent "${agent}"`,
    canElicit: { form: false, url: false },
    canSample: false,
    canListRoots: false,
    settings: () => asksOf(agents.peek(agent)?.asks),
    elicit: unreachable,
    sample: unreachable,
    listRoots: unreachable,
  };
}
