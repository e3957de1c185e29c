import type { Agent } from './agent-schema';
import { listingFit, type ListingFit } from './listing-bounds';
import { judgeTool } from './policy';
import type { Pool } from '../pool';
import { ToolIndex, type ToolEntry } from './tool-index';

/** Per index and agent record: both are replaced, never changed, when inventories or the agent change. */
const fits = new WeakMap<ReadonlyMap<string, ToolEntry>, WeakMap<Readonly<Agent>, ListingFit>>();

/** How the tools the agent is offered (never the denied ones) fit MAX_AGENT_LISTING_BYTES, per server. */
export function agentListingFit(index: ReadonlyMap<string, ToolEntry>, agent: Readonly<Agent>): ListingFit {
  let byAgent = fits.get(index);
  if (byAgent === undefined) {
    byAgent = new WeakMap();
    fits.set(index, byAgent);
  }
  let fit = byAgent.get(agent);
  if (fit === undefined) {
    const offered: Array<{ server: string; tool: ToolEntry['listed'] }> = [];
    for (const entry of index.values()) {
      const verdict = judgeTool(agent, entry.server, entry.info, entry.tier);
      if (verdict && verdict.decision !== 'deny') offered.push({ server: entry.server, tool: entry.listed });
    }
    fit = listingFit(offered);
    byAgent.set(agent, fit);
  }
  return fit;
}

/**
 * The servers an `all` agent searches while it lists the others' tools (a mixed listing): those
 * past the bound on their own, while the rest fit it. Undefined when the agent lists every tool or
 * searches every one (search mode, `auto` past its bounds, or the rest past the bound too).
 */
export function searchedServers(index: ReadonlyMap<string, ToolEntry>, agent: Readonly<Agent>): readonly string[] | undefined {
  if (agent.toolMode !== undefined) return undefined;
  const fit = agentListingFit(index, agent);
  return fit.past.length > 0 && !fit.whole ? fit.past : undefined;
}

/**
 * What the listing bound changed for an `all` agent: the servers it searches beside its listed tools,
 * `*` when it searches every one, or undefined when it lists every tool (or chose search or `auto`).
 */
export function boundSearched(index: ReadonlyMap<string, ToolEntry>, agent: Readonly<Agent>): readonly string[] | '*' | undefined {
  if (agent.toolMode !== undefined) return undefined;
  const fit = agentListingFit(index, agent);
  if (fit.whole) return '*';
  return fit.past.length > 0 ? fit.past : undefined;
}

/** boundSearched without a running bridge: from the pool's cached inventories (nothing spawns), for `agents config` run alone. */
export async function boundSearchedIn(pool: Pool, agent: Readonly<Agent>): Promise<readonly string[] | '*' | undefined> {
  if (agent.toolMode !== undefined) return undefined;
  return boundSearched(await new ToolIndex(pool).tools(), agent);
}
