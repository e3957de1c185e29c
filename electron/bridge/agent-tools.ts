import type { ListToolsResult, Tool } from '@modelcontextprotocol/server';
import { agentToolNames } from './agent-names';
import { foundSchema, schemaFits } from './found-bounds';
import type { Agent } from './agent-schema';
import { pastAgentListing } from './listing-bounds';
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
const listings = new WeakMap<ReadonlyMap<string, ToolEntry>, WeakMap<Readonly<Agent>, { found: ReadonlySet<string> | undefined; listing: ListToolsResult }>>();

/** Listings that are search mode's (an `all` agent's past MAX_AGENT_LISTING_BYTES too): their search and call tools answer. */
const searchListings = new WeakSet<ListToolsResult>();

/** Whether `listing` (agentTools') offers search_tools and the call tools instead of the services' tools. */
export function offersSearch(listing: ListToolsResult): boolean {
  return searchListings.has(listing);
}

/** A found tool as a listing adds it: its input schema bounded as search_tools gives it (found-bounds.ts). */
function foundListed(tool: Tool): Tool {
  return schemaFits(tool.inputSchema) ? tool : { ...tool, inputSchema: foundSchema(tool.inputSchema) as Tool['inputSchema'] };
}

/**
 * `found`: the tools the agent's searches found (found-listing.ts), added to a search listing when the
 * agent has `listFound`; a new set when they change, so it is part of the cache's key.
 */
export function agentTools(index: ReadonlyMap<string, ToolEntry>, agent: Readonly<Agent>, found?: ReadonlySet<string>): ListToolsResult {
  let byAgent = listings.get(index);
  if (byAgent === undefined) {
    byAgent = new WeakMap();
    listings.set(index, byAgent);
  }
  const known = byAgent.get(agent);
  if (known !== undefined && known.found === found) return known.listing;
  const tools: Tool[] = [];
  const measured: Tool[] = [];
  const listedFound: Tool[] = [];
  const names = agentToolNames(index, agent);
  for (const [bridge, entry] of index) {
    const verdict = judgeTool(agent, entry.server, entry.info, entry.tier);
    // Tools the agent may never call are not offered at all.
    if (!verdict || verdict.decision === 'deny') continue;
    const shown = names.shown(bridge);
    const tool = shown === bridge ? entry.listed : { ...entry.listed, name: shown };
    tools.push(tool);
    measured.push(entry.listed);
    // Bounded as search answers give it: the listing holds a few searches' tools, not a server's megabytes.
    if (found?.has(bridge) === true) listedFound.push(foundListed(tool));
  }
  // Search mode (issue #32): a search and call tools stand in for the services' tools, and the tools found, for agents with listFound.
  // Past MAX_AGENT_LISTING_BYTES a listing of every tool would not fit any model: search, in every mode.
  const searching = searchesFor(agent.toolMode, tools.length, () => estimatedTokens(tools)) || pastAgentListing(measured);
  const offered = searching ? [...searchListing(index, agent), ...(agent.listFound === true ? listedFound : [])] : tools;
  // Resources and prompts as tools, for clients that use tools only (an option of the agent's record).
  offered.push(...resourceTools(agent));
  const listing: ListToolsResult = sharedResult({ tools: offered });
  if (searching) searchListings.add(listing);
  byAgent.set(agent, { found, listing });
  return listing;
}
