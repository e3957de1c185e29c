/** The JSON Schema type names a value has (JSON Schema Validation §6.1.1): an integer is also a number. */
function typesOf(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

const MAX_CHECKED = 200;
const JSON_TYPES = new Set(['null', 'boolean', 'object', 'array', 'number', 'integer', 'string']);

/**
 * Why `args` do not fit a tool's listed input schema, or undefined when nothing plainly contradicts
 * it: each given argument's JSON type against its property's declared `type`. Only that, on purpose:
 * servers often do not honour `format`, `$ref`s and combinators, and the server stays the judge of
 * the rest; so nothing is compiled, and no schema a server sent decides more than it states outright.
 */
export function argumentMisfit(schema: unknown, args: Record<string, unknown>): string | undefined {
  const properties = (schema as { properties?: unknown } | null | undefined)?.properties;
  if (typeof properties !== 'object' || properties === null) return undefined;
  const misfits: string[] = [];
  for (const name of Object.keys(args).slice(0, MAX_CHECKED)) {
    if (!Object.hasOwn(properties, name)) continue;
    const declared = (properties as Record<string, { type?: unknown } | null>)[name]?.type;
    const allowed = typeof declared === 'string' ? [declared] : Array.isArray(declared) ? declared.filter((t): t is string => typeof t === 'string') : [];
    // Nothing declared, or a type no JSON value has: not ours to judge.
    if (allowed.length === 0 || !allowed.every((type) => JSON_TYPES.has(type))) continue;
    const has = typesOf(args[name]);
    if (!has.some((type) => allowed.includes(type))) misfits.push(`"${name}" must be ${allowed.join(' or ')}, not ${has[0] ?? 'unknown'}`);
  }
  return misfits.length > 0 ? misfits.join('; ') : undefined;
}
