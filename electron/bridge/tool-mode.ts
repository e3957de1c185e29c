import type { ToolMode } from './agent-schema';
import { MAX_FOUND_LISTED } from './found-listing';
import { groupDigits } from '../../shared/text';
import { listingSize } from '../../shared/api';
import { AGENT_LISTING_BOUND } from './listing-bounds';

/**
 * What an agent's tools/list holds (issue #32): `all` its tools, `search` a search and call tools
 * (search-tools.ts), `auto` search once its tools pass AUTO_SEARCH_TOOLS or AUTO_SEARCH_TOKENS.
 */
export type { ToolMode } from './agent-schema';

/**
 * `auto` searches past 40 tools: VS Code sends at most 128 per request, published measurements see
 * tool choice degrade from a few dozen on, and the bench's real tools average a few hundred tokens
 * each (docs/tool-search.md has the measurement).
 */
export const AUTO_SEARCH_TOOLS = 40;
/** Or past this many tokens of listing (estimated as characters / 4), whichever comes first. */
export const AUTO_SEARCH_TOKENS = 12_000;

/** A listing's size in tokens, estimated as a quarter of its JSON's characters (no tokenizer is shipped). */
export function estimatedTokens(value: unknown): number {
  return Math.ceil((JSON.stringify(value)?.length ?? 0) / 4);
}

/** Whether an agent of this mode, offered these tools, gets the search listing instead. */
export function searchesFor(mode: ToolMode | undefined, count: number, tokens: () => number): boolean {
  if (mode === 'search') return true;
  if (mode !== 'auto') return false;
  return count > AUTO_SEARCH_TOOLS || tokens() > AUTO_SEARCH_TOKENS;
}

/** In words, for `agents config` and `agents list`. */
export function describeToolMode(mode: ToolMode | undefined, listFound?: boolean): string {
  const found = listFound === true ? `; the tools its searches find join its listing (the newest ${MAX_FOUND_LISTED}), announced by list_changed` : '';
  if (mode === 'search') return `tool mode search: it lists search_tools and a call tool per tier, and finds its tools by searching${found}`;
  if (mode === 'auto') return `tool mode auto: it lists its tools while they are at most ${AUTO_SEARCH_TOOLS} and about ${groupDigits(AUTO_SEARCH_TOKENS)} tokens, then searches as in search mode${found}`;
  return `tool mode all: it lists every tool it may call, but a server whose tools pass ${AGENT_LISTING_BOUND} listed is searched instead (search_tools and the call tools join its listing), and all of them are once the rest pass it together`;
}

/** What the listing bound changed for an `all` agent now (listing-scope.ts' boundSearched), in words. */
export function describeBoundSearched(searched: readonly string[] | '*'): string {
  if (searched === '*') return `its servers' tools pass ${AGENT_LISTING_BOUND} listed together: it lists search_tools and the call tools instead`;
  return `${searched.length === 1 ? 'this server lists' : 'these servers list'} tools past ${AGENT_LISTING_BOUND}, so it finds them through search_tools: ${searched.join(', ')}; its other servers' tools stay listed`;
}

/** A listing's state as listingNow (agent-tools.ts) gives it. */
interface ListingState {
  searches: boolean;
  searched: readonly string[] | undefined;
  tools: number;
  tokens: number;
}

/**
 * Whether an agent searches now, in words, for a person checking what its search finds (`agents
 * find`, "Try its search"); undefined in search mode, which always does.
 */
export function describeListingNow(agent: string, mode: ToolMode | undefined, now: ListingState): string | undefined {
  if (mode === 'search') return undefined;
  const size = listingSize(now);
  if (mode === 'auto') {
    const bounds = `${AUTO_SEARCH_TOOLS} tools or about ${groupDigits(AUTO_SEARCH_TOKENS)} tokens`;
    if (now.searches) return `${agent} searches now (tool mode auto): its tools (${size}) pass ${bounds}.`;
    return `${agent} lists its tools now (${size}), so it does not search: tool mode auto searches once they pass ${bounds}. This is what a search would find.`;
  }
  if (now.searched !== undefined) return `${agent} (tool mode all) searches only the tools of ${now.searched.join(', ')}, past ${AGENT_LISTING_BOUND} listed on their own; it lists its other ${size}.`;
  if (now.searches) return `${agent} (tool mode all) searches every tool now: they pass ${AGENT_LISTING_BOUND} listed together.`;
  return `${agent} lists every tool it may call now (tool mode all), so it does not search: this is what a search would find.`;
}
