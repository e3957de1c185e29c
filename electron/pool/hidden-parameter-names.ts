import { cutText } from '../../shared/text';

/** Tools one log line names (each cut to MAX_NAME), the rest counted. */
const SHOWN = 5;
const MAX_NAME = 64;
/** Deeper than any listing the pool keeps (listing-depth.ts). */
const MAX_DEPTH = 64;
/** Controls, format characters and the line separators: a terminal acts on them (ESC), or a reader cannot see them. */
const HIDDEN = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
/** Keywords whose keys are names the server chose (JSON Schema 2020-12 Core §10.3.2, §8.2.4; draft-07's forms). */
const NAMED = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']);

/** Whether a schema names a parameter (at any depth) with a character a terminal acts on or no one sees. */
function namesHidden(schema: unknown, depth = 0): boolean {
  if (schema === null || typeof schema !== 'object' || depth > MAX_DEPTH) return false;
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (NAMED.has(key) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [name, inner] of Object.entries(value as Record<string, unknown>)) if (HIDDEN.test(name) || namesHidden(inner, depth + 1)) return true;
    } else if (typeof value === 'object' && namesHidden(value, depth + 1)) return true;
  }
  return false;
}

/**
 * The tools whose parameter names are plain text. A name is what a call must send back, so it
 * cannot be shown escaped as a title is: a tool that names a parameter with an escape (`\u001b[2J`),
 * a bidi override or a zero-width character would reach agents' clients, and their terminals, as
 * written. It is left out, and one `log` line per listing names it.
 */
export function withPlainParameterNames<T extends { name: string; inputSchema?: unknown }>(server: string, tools: readonly T[], log: (line: string) => void): T[] {
  const left = tools.filter((tool) => namesHidden(tool.inputSchema));
  if (left.length === 0) return [...tools];
  const names = left.slice(0, SHOWN).map((tool) => JSON.stringify(cutText(tool.name, MAX_NAME)));
  const more = left.length > SHOWN ? ` and ${left.length - SHOWN} more` : '';
  log(`[${server}] lists ${names.join(', ')}${more} with a parameter named with control or invisible characters; left out`);
  return tools.filter((tool) => !left.includes(tool));
}
