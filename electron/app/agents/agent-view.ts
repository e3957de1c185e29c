import type { AgentView } from '../../../shared/api';
import { ALL_SERVERS, asksOf, type Agent } from '../../bridge';

/**
 * An agent's settings as the App API shows them, as an edit of agents.json compares them: without
 * whether code declared it, nor what only a running bridge knows.
 */
export function agentSettingsView(agent: Agent): AgentView {
  return {
    name: agent.name,
    servers: agent.servers.includes(ALL_SERVERS) ? '*' : agent.servers,
    policy: agent.policy,
    tools: agent.tools,
    asks: asksOf(agent.asks),
    ...(agent.names === 'plain' ? { names: 'plain' as const } : {}),
    ...(agent.resourceTools === true ? { resourceTools: true } : {}),
    ...(agent.toolMode !== undefined ? { toolMode: agent.toolMode } : {}),
    ...(agent.listFound === true ? { listFound: true } : {}),
    ...(agent.client !== undefined ? { client: agent.client } : {}),
    createdAt: agent.createdAt,
  };
}
