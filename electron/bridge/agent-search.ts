import type { Pool } from '../pool';
import type { Agent } from './agent-schema';
import { listingNow, type ListingNow } from './agent-tools';
import type { AuditLog } from './audit-log';
import { searchedServers } from './listing-scope';
import { serverAllowed } from './policy';
import { findTools, type FoundTool } from './tool-finder';
import { ToolIndex, type ToolEntry } from './tool-index';
import { UsageCounts } from './usage-counts';

export interface AgentQuery {
  query: string;
  server?: string | undefined;
  limit?: number | undefined;
}

export interface AgentSearchAnswer {
  found: { tools: FoundTool[]; nothingFits: boolean; left: number };
  /** The services the agent may search (in a mixed listing, only the searched ones): what "nothing fits" names. */
  services: () => string[];
  /** A found tool's own name on its server, by its id. */
  toolName: (id: string) => string | undefined;
  /** Whether the agent's next tools/list offers search_tools, and the size of what it lists (made when asked). */
  listing: () => ListingNow;
}

/** What a search needs of the bridge, or of the core without one. */
export interface SearchParts {
  pool: Pool;
  index: ReadonlyMap<string, ToolEntry>;
  counts: UsageCounts;
}

/**
 * search_tools' answer for an agent (issue #32): the tools it may call that fit the need, ranked with
 * what it and the person used before, in a mixed listing only the searched servers' tools.
 */
export function searchAsAgent(parts: SearchParts, agent: Readonly<Agent>, { query, server, limit }: AgentQuery, hostsApps: boolean): AgentSearchAnswer {
  const { pool, index, counts } = parts;
  const serverDescriptions = new Map(pool.statuses().flatMap((s) => (s.description === undefined || s.description === '' ? [] : [[s.name, s.description] as const])));
  const searched = searchedServers(index, agent);
  const found = findTools(index, agent, {
    need: query,
    limit: limit ?? 5,
    ...(server !== undefined ? { server } : {}),
    ...(searched !== undefined ? { servers: searched } : {}),
    used: (s, t) => counts.of(agent.name, s, t),
    appOnly: hostsApps,
    serverDescriptions,
  });
  const services = () => [...new Set([...index.values()].filter((e) => serverAllowed(agent, e.server) && (searched === undefined || searched.includes(e.server))).map((e) => e.server))];
  return { found, services, toolName: (id) => index.get(id)?.info.name, listing: () => listingNow(index, agent) };
}

/** searchAsAgent without a running bridge: from the pool's cached inventories (nothing spawns), use counted from the audit. */
export async function searchAsAgentIn(pool: Pool, audit: AuditLog, log: (line: string) => void, agent: Readonly<Agent>, query: AgentQuery): Promise<AgentSearchAnswer> {
  const counts = new UsageCounts();
  await counts.seed({ audit, log });
  return searchAsAgent({ pool, index: await new ToolIndex(pool).tools(), counts }, agent, query, false);
}

/** listingNow without a running bridge: from the pool's cached inventories (nothing spawns). */
export async function listingNowIn(pool: Pool, agent: Readonly<Agent>): Promise<ListingNow> {
  return listingNow(await new ToolIndex(pool).tools(), agent);
}
