import type { AgentListingBound, ListingBound } from '../../shared/api';
import type { Agent } from './agent-schema';
import { listingFit, MAX_AGENT_LISTING_BYTES, type ListingFit } from './listing-bounds';
import { judgeTool } from './policy';
import { PairCache } from './pair-cache';
import type { Pool } from '../pool';
import { ToolIndex, type ToolEntry } from './tool-index';

/** Per index and agent record: both are replaced, never changed, when inventories or the agent change. */
const fits = new PairCache<ReadonlyMap<string, ToolEntry>, Readonly<Agent>, ListingFit>();

/** How the tools the agent is offered (never the denied ones) fit MAX_AGENT_LISTING_BYTES, per server. */
export function agentListingFit(index: ReadonlyMap<string, ToolEntry>, agent: Readonly<Agent>): ListingFit {
  const known = fits.get(index, agent);
  if (known !== undefined) return known;
  const offered: Array<{ server: string; tool: ToolEntry['listed'] }> = [];
  for (const entry of index.values()) {
    const verdict = judgeTool(agent, entry.server, entry.info, entry.tier);
    if (verdict && verdict.decision !== 'deny') offered.push({ server: entry.server, tool: entry.listed });
  }
  return fits.set(index, agent, listingFit(offered));
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

/** boundSearched with its reason: each searched server's size (every server's when all are searched). */
export function listingBound(index: ReadonlyMap<string, ToolEntry>, agent: Readonly<Agent>): ListingBound | undefined {
  if (agent.toolMode !== undefined) return undefined;
  const fit = agentListingFit(index, agent);
  if (!fit.whole && fit.past.length === 0) return undefined;
  const servers = fit.whole ? [...fit.bytes.keys()].sort() : fit.past;
  return { searched: servers.map((server) => ({ server, bytes: fit.bytes.get(server) ?? 0 })), every: fit.whole, boundBytes: MAX_AGENT_LISTING_BYTES };
}

/** listingBound of each agent whose listing the bound changes, `index` read once (status). */
export function listingBounds(index: ReadonlyMap<string, ToolEntry>, agents: Iterable<Readonly<Agent>>): AgentListingBound[] {
  const bounds: AgentListingBound[] = [];
  for (const agent of agents) {
    const bound = listingBound(index, agent);
    if (bound !== undefined) bounds.push({ agent: agent.name, ...bound });
  }
  return bounds;
}

/** What boundSearched says, from a listingBound. */
export function searchedOf(bound: ListingBound | undefined): readonly string[] | '*' | undefined {
  if (bound === undefined) return undefined;
  return bound.every ? '*' : bound.searched.map((s) => s.server);
}

/** listingBounds without a running bridge: from the pool's cached inventories (nothing spawns), for `status` run alone. */
export async function listingBoundsIn(pool: Pool, agents: Iterable<Readonly<Agent>>): Promise<AgentListingBound[]> {
  return listingBounds(await new ToolIndex(pool).tools(), agents);
}

/** boundSearched without a running bridge: from the pool's cached inventories (nothing spawns), for `agents config` run alone. */
export async function boundSearchedIn(pool: Pool, agent: Readonly<Agent>): Promise<readonly string[] | '*' | undefined> {
  if (agent.toolMode !== undefined) return undefined;
  return boundSearched(await new ToolIndex(pool).tools(), agent);
}
