import { agentSafe } from '../../shared/text';
import { MAX_LISTING_DEPTH } from '../pool';

/** Keywords whose value is the server's display text for a schema (JSON Schema 2020-12 Validation §9.1). */
const TEXT_KEYWORDS = new Set(['title', 'description']);
/** Keywords whose value is data, not a schema: a default, a constant, the allowed values and examples pass unchanged. */
const DATA_KEYWORDS = new Set(['default', 'const', 'enum', 'examples']);
/**
 * Keywords whose value maps names the server chose to schemas (Core §10.3.2, §8.2.4; draft-07's
 * `definitions`, `dependencies`): a property named `enum` or `description` there is a name, not a keyword.
 */
const NAMED_SCHEMAS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']);

/**
 * A tool's schema as agents receive it: every title and description in it, at any depth (a property's,
 * an item's, a definition's), as agentSafe shows a tool's own, since clients print them in terminals
 * and approval prompts too. Property names and values are left as they are: calls name them. The
 * object itself when nothing changes. Bounded as the pool bounds a server's listing: none nested past
 * MAX_LISTING_DEPTH (a branch deeper still would be listed as `{}`), nor past its size bound
 * (listing-bound.ts); an escape grows a text, so the bridge's own size bound is measured after.
 */
export function agentSafeSchema<T extends Record<string, unknown>>(schema: T): T {
  return safeNode(schema, 0, false) as T;
}

/** A schema (its keys keywords) or, when `named`, a map of names to schemas (its keys names, every value a schema). */
function safeNode(node: unknown, depth: number, named: boolean): unknown {
  if (node === null || typeof node !== 'object') return node;
  if (depth >= MAX_LISTING_DEPTH) return {};
  if (Array.isArray(node)) {
    const items = node.map((item: unknown) => safeNode(item, depth + 1, false));
    return items.every((item, i) => item === node[i]) ? node : items;
  }
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const safe = named ? safeNode(value, depth + 1, false) : safeKeyword(key, value, depth);
    if (safe !== value) changed = true;
    // Defined, not assigned: a property named `__proto__` stays a property.
    Object.defineProperty(out, key, { value: safe, enumerable: true, writable: true, configurable: true });
  }
  return changed ? out : node;
}

function safeKeyword(key: string, value: unknown, depth: number): unknown {
  if (DATA_KEYWORDS.has(key)) return value;
  if (TEXT_KEYWORDS.has(key) && typeof value === 'string') return agentSafe(value);
  return safeNode(value, depth + 1, NAMED_SCHEMAS.has(key));
}
