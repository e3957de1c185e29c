/**
 * Bounds on what a search answers (search_tools) and on the found tools a listing adds (`listFound`):
 * a server writes the schemas and titles, and search mode exists to keep the model's context small.
 * The labelled set's largest input schema (test/fixtures/tool-search) is well under 8 KB.
 */

/** Serialized bytes of one found tool's input schema past which only its outline is given. */
export const MAX_FOUND_SCHEMA_BYTES = 8 * 1024;
/** Serialized bytes of one search answer's tools past which fewer tools are given. */
export const MAX_SEARCH_ANSWER_BYTES = 64 * 1024;

/** Said in an outline, where the schema's own words would be. */
export const SCHEMA_CUT_NOTE = `schema cut (past ${MAX_FOUND_SCHEMA_BYTES / 1024} KB): its property names and types only; call with what it lists`;

function bytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

/** A property's JSON Schema type as given (a name or a list of names), or nothing. */
function typeOf(property: unknown): string | string[] | undefined {
  if (typeof property !== 'object' || property === null || !Object.hasOwn(property, 'type')) return undefined;
  const type: unknown = (property as { type: unknown }).type;
  if (typeof type === 'string') return type;
  return Array.isArray(type) && type.every((t) => typeof t === 'string') ? type : undefined;
}

/** `schema`'s property names and types, as many as fit MAX_FOUND_SCHEMA_BYTES, and a note that it was cut. */
function outline(schema: Record<string, unknown>): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const out: Record<string, unknown> = { type: 'object', description: SCHEMA_CUT_NOTE, properties };
  const given = schema.properties;
  if (typeof given !== 'object' || given === null || Array.isArray(given)) return out;
  let size = bytes(out);
  for (const [name, property] of Object.entries(given)) {
    const type = typeOf(property);
    const entry = type === undefined ? {} : { type };
    // The name and its entry, a colon and a comma: a property past what is left is left out.
    const more = bytes(name) + bytes(entry) + 2;
    if (size + more > MAX_FOUND_SCHEMA_BYTES) continue;
    Object.defineProperty(properties, name, { value: entry, enumerable: true, writable: true, configurable: true });
    size += more;
  }
  return out;
}

/** Whether `schema` is within MAX_FOUND_SCHEMA_BYTES as it is. */
export function schemaFits(schema: Record<string, unknown>): boolean {
  return bytes(schema) <= MAX_FOUND_SCHEMA_BYTES;
}

/** An input schema as a found tool gives it: whole (without `$schema`) within the bound, else its outline. */
export function foundSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = schema;
  return schemaFits(rest) ? rest : outline(rest);
}

/**
 * The first of `tools` (best first) whose serialized answer fits MAX_SEARCH_ANSWER_BYTES, and how many
 * were left out. The first is always given: alone it is bounded by its schema's and description's bounds.
 */
export function withinAnswer<T>(tools: readonly T[]): { kept: T[]; left: number } {
  const kept: T[] = [];
  let size = 0;
  for (const tool of tools) {
    const more = bytes(tool) + 1;
    if (kept.length > 0 && size + more > MAX_SEARCH_ANSWER_BYTES) break;
    kept.push(tool);
    size += more;
  }
  return { kept, left: tools.length - kept.length };
}
