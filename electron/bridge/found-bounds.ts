/**
 * Bounds on what a search answers (search_tools) and on the found tools a listing adds (`listFound`):
 * a server writes the schemas and titles, and search mode exists to keep the model's context small.
 * Most of the labelled set's input schemas (test/fixtures/tool-search) are under 8 KB; its largest,
 * 17.4 KB (line's push_flex_message), is given as its outline here (schema-outline.ts).
 */
import { jsonBytes, outlineSchema, OUTLINE_BYTES, schemaCutNote } from './schema-outline';

/** Serialized bytes of one found tool's input schema past which only its outline is given. */
export const MAX_FOUND_SCHEMA_BYTES = OUTLINE_BYTES;
/** Serialized bytes of one search answer's tools past which fewer tools are given. */
export const MAX_SEARCH_ANSWER_BYTES = 64 * 1024;

/** Said in a found tool's outline, where the schema's own words would be. */
export const SCHEMA_CUT_NOTE = schemaCutNote(MAX_FOUND_SCHEMA_BYTES);

/** Whether `schema` is within MAX_FOUND_SCHEMA_BYTES as it is. */
export function schemaFits(schema: Record<string, unknown>): boolean {
  return jsonBytes(schema) <= MAX_FOUND_SCHEMA_BYTES;
}

/** An input schema as a found tool gives it: whole (without `$schema`) within the bound, else its outline. */
export function foundSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = schema;
  return schemaFits(rest) ? rest : outlineSchema(rest, MAX_FOUND_SCHEMA_BYTES);
}

/**
 * The first of `tools` (best first) whose serialized answer fits MAX_SEARCH_ANSWER_BYTES, and how many
 * were left out. The first is always given: alone it is bounded by its schema's and description's bounds.
 */
export function withinAnswer<T>(tools: readonly T[]): { kept: T[]; left: number } {
  const kept: T[] = [];
  let size = 0;
  for (const tool of tools) {
    const more = jsonBytes(tool) + 1;
    if (kept.length > 0 && size + more > MAX_SEARCH_ANSWER_BYTES) break;
    kept.push(tool);
    size += more;
  }
  return { kept, left: tools.length - kept.length };
}
