/**
 * A server's tool schema (input or output) cut to an outline: its property names and types, within OUTLINE_BYTES, and a
 * note saying so. Search answers (found-bounds.ts) and `all`-mode listings (listing-bounds.ts) cut
 * alike, each past its own bound; the outline is what an agent can still call the tool with.
 */

/** Serialized bytes an outline takes at most. */
export const OUTLINE_BYTES = 8 * 1024;

/** Said in an outline, where the schema's own words would be: `past` is the bound it was cut at. */
export function schemaCutNote(past: number): string {
  return `schema cut (past ${past / 1024} KB): its property names and types only; call with what it lists`;
}

export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

/** A property's JSON Schema type as given (a name or a list of names), or nothing. */
function typeOf(property: unknown): string | string[] | undefined {
  if (typeof property !== 'object' || property === null || !Object.hasOwn(property, 'type')) return undefined;
  const type: unknown = (property as { type: unknown }).type;
  if (typeof type === 'string') return type;
  return Array.isArray(type) && type.every((t) => typeof t === 'string') ? type : undefined;
}

/** `schema`'s property names and types, as many as fit OUTLINE_BYTES, and the note of a cut past `past` bytes. */
export function outlineSchema(schema: Record<string, unknown>, past: number): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const out: Record<string, unknown> = { type: 'object', description: schemaCutNote(past), properties };
  const given = schema.properties;
  if (typeof given !== 'object' || given === null || Array.isArray(given)) return out;
  let size = jsonBytes(out);
  for (const [name, property] of Object.entries(given)) {
    const type = typeOf(property);
    const entry = type === undefined ? {} : { type };
    // The name and its entry, a colon and a comma: a property past what is left is left out.
    const more = jsonBytes(name) + jsonBytes(entry) + 2;
    if (size + more > OUTLINE_BYTES) continue;
    Object.defineProperty(properties, name, { value: entry, enumerable: true, writable: true, configurable: true });
    size += more;
  }
  return out;
}

