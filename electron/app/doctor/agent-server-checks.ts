import { likelyMeant, noneNamed, unknownServers, type DoctorCheck } from '../../../shared/api';

/** What the check needs of an agent: its name and the servers it may use. */
export interface AgentServers {
  name: string;
  servers: readonly string[] | '*';
  /** Declared by a program (openConnectedServices): changed there, not with `agents set`. */
  fromCode?: boolean;
}

/**
 * A warning per agent that names a server none is configured as: kept on purpose (a server may be
 * added later under that name), so a typo would otherwise never be said again after `agents add`.
 */
export function agentServerChecks(agents: readonly AgentServers[], configured: readonly string[]): DoctorCheck[] {
  return agents.flatMap((agent) => {
    const unknown = unknownServers(agent.servers, configured);
    if (unknown.length === 0) return [];
    const meant = likelyMeant(unknown, configured);
    const change = agent.fromCode === true ? "change the agent's list where the program declares it (openConnectedServices)" : `change the agent's list: \`connected-services agents set "${agent.name}" --servers …\``;
    return [{
      id: `agent-servers:${agent.name}`,
      title: `Agent ${agent.name}`,
      status: 'warn' as const,
      detail: `it may use ${unknown.map((s) => `"${s}"`).join(', ')}, but ${noneNamed(unknown.length, 'server')} is configured (it reaches one once added under that name)`,
      fix: meant.length === 0 ? `Add a server under that name, or ${change}` : `Did you mean ${meant.join(', ')}? Then ${change}`,
    }];
  });
}
