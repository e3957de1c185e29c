import { likelyMeant, noneNamed, unknownServers, type AgentView, type AppApi } from '../../../shared/api';
import type { CliContext } from '../context';

async function configuredServers(api: AppApi): Promise<string[]> {
  return (await api.status({})).servers.map((s) => s.name);
}

/**
 * A server named for an agent that is not configured may be a typo, or one about to be added: said
 * on stderr, the change still made. Not for an agent that cannot be made (name taken) or changed (no such agent): that error comes alone.
 */
export async function noteUnknownServers(ctx: CliContext, agent: string, given: '*' | string[], change: 'add' | 'set'): Promise<void> {
  const api = (await ctx.core()).api;
  if (given === '*' || (await api.listAgents({})).some((a) => a.name === agent) !== (change === 'set')) return;
  const configured = await configuredServers(api);
  const unknown = unknownServers(given, configured);
  if (unknown.length === 0) return;
  const names = unknown.map((s) => `"${s}"`).join(', ');
  const meant = likelyMeant(unknown, configured);
  const typo = meant.length === 0 ? '' : ` Did you mean ${meant.join(', ')}? \`connected-services agents set "${agent}" --servers …\` changes the list.`;
  ctx.output.err(`note: no server named ${names} is configured (yet); ${agent} reaches it once one is added under that name. Configured: ${configured.join(', ') || 'none'}.${typo}`);
}

/** `agents list`: each agent still naming a server none is configured as, so a typo kept at `add` is said again. */
export async function noteListedUnknownServers(ctx: CliContext, api: AppApi, agents: readonly AgentView[]): Promise<void> {
  if (agents.every((agent) => unknownServers(agent.servers, []).length === 0)) return;
  const configured = await configuredServers(api);
  for (const agent of agents) {
    const unknown = unknownServers(agent.servers, configured);
    if (unknown.length === 0) continue;
    const meant = likelyMeant(unknown, configured);
    const typo = meant.length === 0 ? '' : ` Did you mean ${meant.join(', ')}? \`connected-services agents set "${agent.name}" --servers …\` changes the list.`;
    ctx.output.err(`note: ${agent.name} may use ${unknown.map((s) => `"${s}"`).join(', ')}, but ${noneNamed(unknown.length, 'server')} is configured (yet).${typo}`);
  }
}
