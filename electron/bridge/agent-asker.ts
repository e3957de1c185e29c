import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult, RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { CallAsker } from '../pool';
import { DEFAULT_AGENT_ASKS, type AgentAsks } from './agent-schema';
import type { AgentStore } from './agent-store';

/** An agent's call, as the pool carries it to the router of servers' requests (electron/app/ask-router.ts). */
export interface AgentAsker extends CallAsker {
  readonly kind: 'agent';
  readonly agent: string;
  /** What the agent's client declared at initialize (MCP 2025-11-25 client capabilities). */
  readonly canElicit: { form: boolean; url: boolean };
  readonly canSample: boolean;
  /** The agent's settings now (agents.json), read when a request arrives. */
  settings(): AgentAsks;
  /** Forwards to the agent's session, related to its tools/call (spec: request association). */
  elicit(params: ElicitRequestParams, signal: AbortSignal): Promise<ElicitResult>;
  sample(params: CreateMessageRequestParams, signal: AbortSignal): Promise<CreateMessageResult>;
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
    settings: () => ({ ...DEFAULT_AGENT_ASKS, ...agents.peek(agent)?.asks }),
    elicit: (params, signal) => server.elicitInput(params, { relatedRequestId: requestId, signal }),
    sample: (params, signal) => server.createMessage(params, { relatedRequestId: requestId, signal }),
  };
}
