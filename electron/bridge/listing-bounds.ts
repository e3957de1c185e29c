import type { Tool } from '@modelcontextprotocol/server';
import { jsonBytes, outlineSchema } from './schema-outline';

/**
 * Bounds on an agent's `tools/list` in `all` mode (and `auto` below its search bounds): a server writes
 * the schemas, and the listing goes whole into the model's context. The labelled set's largest input
 * schema (test/fixtures/tool-search) is 17.4 KB (line's push_flex_message) and all 912 of its tools,
 * 42 servers, list in 1.4 MB.
 */

/** Serialized bytes of one listed input schema past which only its outline is listed: 3.7 times the largest real one. */
export const MAX_LISTED_SCHEMA_BYTES = 64 * 1024;
/**
 * Serialized bytes of an agent's tools past which it gets the search listing instead (as `auto` past
 * its bounds): near 3 times the whole labelled set, and about a million tokens, past any model's context.
 */
export const MAX_AGENT_LISTING_BYTES = 4 * 1024 * 1024;

/** Ends a cut tool's description, so the model knows why its schema says little. */
export const LISTED_CUT_NOTE = `(Its input schema was past ${MAX_LISTED_SCHEMA_BYTES / 1024} KB and is listed as an outline of its property names and types; calls pass to the service unchanged.)`;

/** A tool as an agent's listing holds it: as the server listed it within the bound, else its schema's outline and a note. */
export function listedWithin(tool: Tool): Tool {
  if (jsonBytes(tool.inputSchema) <= MAX_LISTED_SCHEMA_BYTES) return tool;
  const description = tool.description === undefined || tool.description === '' ? LISTED_CUT_NOTE : `${tool.description} ${LISTED_CUT_NOTE}`;
  return { ...tool, description, inputSchema: outlineSchema(tool.inputSchema, MAX_LISTED_SCHEMA_BYTES) as Tool['inputSchema'] };
}

/** Each listed tool's bytes, measured once per tool index (its entries are replaced, never changed). */
const sizes = new WeakMap<Tool, number>();

function toolBytes(tool: Tool): number {
  let size = sizes.get(tool);
  if (size === undefined) {
    size = jsonBytes(tool);
    sizes.set(tool, size);
  }
  return size;
}

/** Whether `tools` (the index's listed tools, before an agent's own names) serialize past MAX_AGENT_LISTING_BYTES. */
export function pastAgentListing(tools: Iterable<Tool>): boolean {
  let size = 0;
  for (const tool of tools) {
    size += toolBytes(tool) + 1;
    if (size > MAX_AGENT_LISTING_BYTES) return true;
  }
  return false;
}
