import type { Tool } from '@modelcontextprotocol/server';
import { LISTED_DESCRIPTION_CUT_NOTE, MAX_AGENT_LISTING_BYTES, MAX_LISTED_DESCRIPTION } from '../../shared/api';
import { cutText } from '../../shared/text';
import { jsonBytes, outlineSchema } from './schema-outline';

/**
 * Bounds on an agent's `tools/list` in `all` mode (and `auto` below its search bounds): a server writes
 * the descriptions and schemas, and the listing goes whole into the model's context. The labelled set's largest input
 * schema (test/fixtures/tool-search) is 17.4 KB (line's push_flex_message) and all 912 of its tools,
 * 42 servers, list in 1.4 MB.
 */

/** Serialized bytes of one listed input schema past which only its outline is listed: 3.7 times the largest real one. */
export const MAX_LISTED_SCHEMA_BYTES = 64 * 1024;
// The listing bound lives in shared/ so the app's screens name the same figure.
export { AGENT_LISTING_BOUND, LISTED_DESCRIPTION_CUT_NOTE, MAX_AGENT_LISTING_BYTES, MAX_LISTED_DESCRIPTION } from '../../shared/api';

/** Ends a cut tool's description, so the model knows why its schema says little. */
export const LISTED_CUT_NOTE = `(Its input schema was past ${MAX_LISTED_SCHEMA_BYTES / 1024} KB and is listed as an outline of its property names and types; calls pass to the service unchanged.)`;
/** Ends a description whose tool's output schema was cut. */
export const LISTED_OUTPUT_CUT_NOTE = `(Its output schema was past ${MAX_LISTED_SCHEMA_BYTES / 1024} KB and is listed as an outline of its property names and types; results pass unchanged.)`;

/**
 * A tool as an agent's listing holds it: as the server listed it within the bounds, else with its long
 * description cut, its schemas past the bound as outlines, and a note for each. An outline of an output
 * schema keeps only property types the full schema requires of them too, so every result valid against
 * the server's schema is valid against it: clients that check structured results (§Tools, Output
 * Schema) still accept them.
 */
export function listedWithin(tool: Tool): Tool {
  const inputPast = jsonBytes(tool.inputSchema) > MAX_LISTED_SCHEMA_BYTES;
  const outputPast = tool.outputSchema !== undefined && jsonBytes(tool.outputSchema) > MAX_LISTED_SCHEMA_BYTES;
  const descriptionPast = tool.description !== undefined && tool.description.length > MAX_LISTED_DESCRIPTION;
  if (!inputPast && !outputPast && !descriptionPast) return tool;
  const listed: Tool = { ...tool };
  const notes: string[] = [];
  if (descriptionPast) notes.push(LISTED_DESCRIPTION_CUT_NOTE);
  if (inputPast) {
    listed.inputSchema = outlineSchema(tool.inputSchema, MAX_LISTED_SCHEMA_BYTES) as Tool['inputSchema'];
    notes.push(LISTED_CUT_NOTE);
  }
  if (outputPast && tool.outputSchema !== undefined) {
    listed.outputSchema = outlineSchema(tool.outputSchema, MAX_LISTED_SCHEMA_BYTES);
    notes.push(LISTED_OUTPUT_CUT_NOTE);
  }
  const given = tool.description === undefined || tool.description === '' ? [] : [cutText(tool.description, MAX_LISTED_DESCRIPTION)];
  listed.description = [...given, ...notes].join(' ');
  return listed;
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

/** How a listing of `tools` fits MAX_AGENT_LISTING_BYTES, measured per server. */
export interface ListingFit {
  /** Servers whose own tools serialize past the bound: searched, not listed (sorted). */
  past: readonly string[];
  /** Whether the other servers' tools still pass it together: then every tool is searched. */
  whole: boolean;
  /** The serialized bytes of each server's tools, as the agent would list them. */
  bytes: ReadonlyMap<string, number>;
}

/**
 * `tools`: the index's listed tools (before an agent's own names) with their servers. One server past
 * the bound is searched alone, so it does not take every other server's tools out of the listing.
 */
export function listingFit(tools: Iterable<{ server: string; tool: Tool }>): ListingFit {
  const perServer = new Map<string, number>();
  for (const { server, tool } of tools) perServer.set(server, (perServer.get(server) ?? 0) + toolBytes(tool) + 1);
  const past: string[] = [];
  let rest = 0;
  for (const [server, size] of perServer) {
    if (size > MAX_AGENT_LISTING_BYTES) past.push(server);
    else rest += size;
  }
  return { past: past.sort(), whole: rest > MAX_AGENT_LISTING_BYTES, bytes: perServer };
}
