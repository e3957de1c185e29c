/** The SDK v2 Client's response cache (`_cache`, its ClientResponseCache) as far as a tools/list walk uses it. */
interface ListCache {
  captureGeneration(method: string): unknown;
  write(method: string, value: object, generation: unknown, freshness: unknown): Promise<unknown>;
}

interface ClientListInternals {
  _cache?: Partial<ListCache>;
  _freshness?: unknown;
  _excludeInvalidXMcpHeaderTools?: unknown;
}

/** A tools/list result: its first page's fields, every page's tools. */
export type ToolListing = { tools: unknown[] } & Record<string, unknown>;

/**
 * Begins a tools/list walk of ours the way the Client's own walk (`_listAllPages`, `listTools()`
 * without a cursor, bounded in pages only) begins: the cache's generation taken before the first
 * page. The returned `keep` then does what that walk does with the whole listing: drops the tools
 * whose `x-mcp-header` declarations are invalid (SEP-2243, a 2026-07-28 connection over HTTP) and
 * writes it to the cache, unless a list_changed came in meanwhile. `callTool` reads a tool's output
 * schema and its headers from that entry. Undefined when this SDK's Client lacks a part.
 */
export function toolListingWalk(client: object): ((listing: ToolListing) => Promise<void>) | undefined {
  const internals = client as ClientListInternals;
  const cache = internals._cache;
  const { _freshness: freshness, _excludeInvalidXMcpHeaderTools: exclude } = internals;
  if (typeof cache?.captureGeneration !== 'function' || typeof cache.write !== 'function') return undefined;
  if (typeof freshness !== 'function' || typeof exclude !== 'function') return undefined;
  const write = cache.write;
  const generation = cache.captureGeneration.call(cache, 'tools/list');
  return async (listing) => {
    (exclude as (result: ToolListing) => void).call(client, listing);
    await write.call(cache, 'tools/list', listing, generation, (freshness as (result: ToolListing) => unknown).call(client, listing));
  };
}
