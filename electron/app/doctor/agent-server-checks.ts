import type { DoctorCheck } from '../../../shared/api';
import { closestWord } from '../../../shared/text';
import { ALL_SERVERS } from '../../bridge';

/** What the check needs of an agent: its name and the servers it may use. */
export interface AgentServers {
  name: string;
  servers: readonly string[] | '*';
}

/**
 * A warning per agent that names a server none is configured as: kept on purpose (a server may be
 * added later under that name), so a typo would otherwise never be said again after `agents add`.
 */
export function agentServerChecks(agents: readonly AgentServers[], configured: readonly string[]): DoctorCheck[] {
  return agents.flatMap((agent) => {
    // agents.json keeps "every server" as ["*"] (ALL_SERVERS): then no name can be unknown.
    if (agent.servers === ALL_SERVERS || agent.servers.includes(ALL_SERVERS)) return [];
    const unknown = agent.servers.filter((server) => !configured.includes(server));
    if (unknown.length === 0) return [];
    const meant = unknown.flatMap((server) => closestWord(server, configured) ?? []);
    const change = `change the agent's list: \`connected-services agents set "${agent.name}" --servers …\``;
    return [{
      id: `agent-servers:${agent.name}`,
      title: `Agent ${agent.name}`,
      status: 'warn' as const,
      detail: `it may use ${unknown.map((s) => `"${s}"`).join(', ')}, but no server of that name is configured (it reaches one once added under that name)`,
      fix: meant.length === 0 ? `Add a server under that name, or ${change}` : `Did you mean ${meant.join(', ')}? Then ${change}`,
    }];
  });
}
