import type { ApiInput, ApiOutput, FoundToolView } from '../../../shared/api';
import { describeListingNow, type Agent, type AgentQuery, type AgentSearchAnswer } from '../../bridge';

/** An agent's search as the running bridge answers it, else from the cached inventories. */
export type SearchAs = (agent: Readonly<Agent>, query: AgentQuery) => Promise<AgentSearchAnswer>;

/**
 * `findAgentTools`: what the agent's search_tools answers for a need (issue #32), so the person can see
 * what an agent in search mode finds before it asks: the same ranking, the same tools withheld.
 */
export async function findAgentTools(agent: Readonly<Agent>, input: ApiInput<'findAgentTools'>, searchAs: SearchAs): Promise<ApiOutput<'findAgentTools'>> {
  const { found, services, toolName, listing } = await searchAs(agent, { query: input.need, server: input.server, limit: input.limit });
  const tools = found.tools.map((t): FoundToolView => ({
    name: t.name,
    server: t.server,
    tool: toolName(t.id) ?? t.name,
    ...(t.title !== undefined ? { title: t.title } : {}),
    tier: t.tier,
    ...(t.approval !== undefined ? { approval: t.approval } : {}),
  }));
  const now = listing();
  const said = describeListingNow(agent.name, agent.toolMode, now);
  return { tools, nothingFits: tools.length === 0, left: found.left, services: tools.length === 0 ? services() : [], searchesNow: now.searches, ...(said !== undefined ? { listingNow: said } : {}) };
}
