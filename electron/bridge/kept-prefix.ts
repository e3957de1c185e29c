import type { Pool } from '../pool';
import { agentNames, agentToolNames } from './agent-names';
import type { Agent } from './agent-schema';
import { serverAllowed } from './policy';
import { ToolIndex } from './tool-index';

/** The bridge names (tools and prompts) that keep their `<server>__` prefix for an agent with plain names. */
export async function keptPrefix(index: ToolIndex, agent: Readonly<Agent>): Promise<string[]> {
  if (agent.names !== 'plain') return [];
  const [tools, prompts] = await Promise.all([index.tools(), index.prompts()]);
  return [...agentToolNames(tools, agent).keptPrefix, ...agentNames(prompts, agent).keptPrefix];
}

/**
 * keptPrefix without a running bridge: from the pool's cached inventories (nothing spawns). Undefined
 * while one of the agent's servers was never listed: which of its names collide is not known yet.
 */
export async function keptPrefixIn(pool: Pool, agent: Readonly<Agent>): Promise<string[] | undefined> {
  const kept = await keptPrefix(new ToolIndex(pool), agent);
  const unlisted = pool.statuses().some((s) => s.enabled && serverAllowed(agent, s.name) && s.inventoryUpdatedAt === undefined);
  return unlisted ? undefined : kept;
}
