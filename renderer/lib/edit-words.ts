/**
 * The core's hints say how to change an entry as the command line does it (`connected-services
 * servers edit NAME --command …`) or in mcp.json by hand. A screen has the service's Edit button for
 * that instead: `how` names it ("Edit on its page"). Each rule is one of the core's own phrases; an
 * entry declared in code has no Edit, and its hints name its code instead (code-servers.ts).
 */

type Rule = readonly [RegExp, (how: string) => string];

const RULES: readonly Rule[] = [
  // stdio-errors.ts, a program not found at its path.
  [/ \(`connected-services servers edit [^`\s]+ --command …`\)/, (how) => ` with ${how}`],
  // docker-spawn-check.ts, refuse-now.ts.
  [/`connected-services servers edit [^`\s]+`/, (how) => how],
  // unreachable.ts, map-error.ts: the address the entry gives, the name as written.
  [/the "url" of ("[^"]+") in mcp\.json/, (how) => `the URL of $1 (${how})`],
];

/** A core's hint with the way to change the entry named as `how`, the screen's button. */
export function editWith(hint: string, how: string): string {
  let out = hint;
  for (const [pattern, words] of RULES) out = out.replace(pattern, words(how));
  return out;
}
