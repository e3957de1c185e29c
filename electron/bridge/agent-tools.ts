import type { ListToolsResult, Tool } from '@modelcontextprotocol/server';
import { agentToolNames } from './agent-names';
import { foundSchema, schemaFits } from './found-bounds';
import type { Agent } from './agent-schema';
import { agentListingFit, searchedServers } from './listing-scope';
import { PairCache } from './pair-cache';
import { judgeTool } from './policy';
import { resourceTools } from './resource-tools';
import { searchListing } from './search-tools';
import { estimatedTokens, searchesFor } from './tool-mode';
import { sharedResult } from './shared-result';
import type { ToolEntry } from './tool-index';

/**
 * An agent's `tools/list` result, made once per tool index and agent record. Both are replaced, never
 * changed, when inventories, names or the agent's policy change, so the pair identifies the answer.
 * The result is shared by all of that agent's sessions and serialized once (shared-result.ts).
 */
const listings = new PairCache<ReadonlyMap<string, ToolEntry>, Readonly<Agent>, { found: ReadonlySet<string> | undefined; listing: ListToolsResult }>();

/** Listings that offer search_tools (search mode's, and an `all` agent's past MAX_AGENT_LISTING_BYTES, wholly or mixed): their search and call tools answer. */
const searchListings = new WeakSet<ListToolsResult>();

/** Whether `listing` (agentTools') offers search_tools and the call tools, instead of the services' tools or beside some. */
export function offersSearch(listing: ListToolsResult): boolean {
  return searchListings.has(listing);
}

/** A found tool as a listing adds it: its input schema bounded as search_tools gives it (found-bounds.ts). */
function foundListed(tool: Tool): Tool {
  return schemaFits(tool.inputSchema) ? tool : { ...tool, inputSchema: foundSchema(tool.inputSchema) as Tool['inputSchema'] };
}

/** The services' tools an agent lists (a mixed listing leaves out the searched servers'), its found tools, and whether it searches. */
function listedTools(index: ReadonlyMap<string, ToolEntry>, agent: Readonly<Agent>, found?: ReadonlySet<string>): { tools: Tool[]; listedFound: Tool[]; searched: readonly string[] | undefined; searching: boolean } {
  // A mixed listing (an `all` agent): the tools of servers past the bound on their own are searched, the others' listed.
  const searched = searchedServers(index, agent);
  const tools: Tool[] = [];
  const listedFound: Tool[] = [];
  const names = agentToolNames(index, agent);
  for (const [bridge, entry] of index) {
    const verdict = judgeTool(agent, entry.server, entry.info, entry.tier);
    // Tools the agent may never call are not offered at all.
    if (!verdict || verdict.decision === 'deny') continue;
    const shown = names.shown(bridge);
    const tool = shown === bridge ? entry.listed : { ...entry.listed, name: shown };
    const isSearched = searched?.includes(entry.server) === true;
    if (!isSearched) tools.push(tool);
    // Bounded as search answers give it: the listing holds a few searches' tools, not a server's megabytes.
    if (found?.has(bridge) === true && (searched === undefined || isSearched)) listedFound.push(foundListed(tool));
  }
  // Search mode (issue #32): a search and call tools stand in for the services' tools.
  // Past MAX_AGENT_LISTING_BYTES a listing of every tool would not fit any model: search, in every mode (mixed above where only some servers pass it).
  const fit = agentListingFit(index, agent);
  const searching = searchesFor(agent.toolMode, tools.length, () => estimatedTokens(tools)) || fit.whole || (fit.past.length > 0 && searched === undefined);
  return { tools, listedFound, searched, searching };
}

/** How an agent's listing stands now: whether it offers search_tools, and the services' tools it lists beside them, or would (what `auto` decides by). */
export interface ListingNow {
  searches: boolean;
  /** Servers searched beside listed tools (an `all` agent's mixed listing). */
  searched: readonly string[] | undefined;
  tools: number;
  tokens: number;
}

/** Per index and agent record, as the listings: the Agents screen asks at each refresh. */
const states = new PairCache<ReadonlyMap<string, ToolEntry>, Readonly<Agent>, ListingNow>();

/** ListingNow of an agent's next tools/list from this index. */
export function listingNow(index: ReadonlyMap<string, ToolEntry>, agent: Readonly<Agent>): ListingNow {
  const known = states.get(index, agent);
  if (known !== undefined) return known;
  const { tools, searched, searching } = listedTools(index, agent);
  return states.set(index, agent, { searches: searching || searched !== undefined, searched, tools: tools.length, tokens: estimatedTokens(tools) });
}

/**
 * `found`: the tools the agent's searches found (found-listing.ts), added to a search listing when the
 * agent has `listFound`; a new set when they change, so it is part of the cache's key.
 */
export function agentTools(index: ReadonlyMap<string, ToolEntry>, agent: Readonly<Agent>, found?: ReadonlySet<string>): ListToolsResult {
  const known = listings.get(index, agent);
  if (known !== undefined && known.found === found) return known.listing;
  const { tools, listedFound, searched, searching } = listedTools(index, agent, found);
  const withFound = agent.listFound === true ? listedFound : [];
  const offered = searching ? [...searchListing(index, agent), ...withFound] : searched !== undefined ? [...tools, ...searchListing(index, agent, searched), ...withFound] : tools;
  // Resources and prompts as tools, for clients that use tools only (an option of the agent's record).
  offered.push(...resourceTools(agent));
  const listing: ListToolsResult = sharedResult({ tools: offered });
  if (searching || searched !== undefined) searchListings.add(listing);
  listings.set(index, agent, { found, listing });
  return listing;
}
