/**
 * Whether a server's -32602 text says that the tool, resource or prompt asked for does not exist,
 * rather than that its arguments are wrong. Servers word it many ways: the SDK `Tool x not found`,
 * others `Unknown tool: x`, `Tool 'x' not found.`, `Tool not found: x`, `No such tool "x"`.
 */

/** Wordings that cannot be about an argument, whatever the name. */
const UNKNOWN_NAME = /^(?:tool|resource|prompt) \S+ (?:not found|disabled)\.?$|\b(?:unknown|no such) (?:tool|resource|prompt)\b/i;

/** A name as servers quote it: bare, or in double, single or back quotes. */
function quoted(name: string): string {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `(?:${escaped}|"${escaped}"|'${escaped}'|\`${escaped}\`)`;
}

/**
 * `text`: the server's message without the SDK's prefixes, whole (cut, a long name's `not found`
 * would be gone). `what`: what was asked (`tool "x"`). The name asked is matched whole, so `Tool
 * read_file: required argument 'path' not found` stays the arguments' fault.
 */
export function unknownName(text: string, what: string | undefined): boolean {
  if (UNKNOWN_NAME.test(text)) return true;
  const asked = /^(?:tool|resource|prompt) "(.+)"$/s.exec(what ?? '')?.[1];
  if (asked === undefined) return false;
  const name = quoted(asked);
  const kind = '(?:tool|resource|prompt)';
  const said = [`${kind} ${name} (?:not found|disabled|does not exist|is unknown)`, `${kind} not found: ?${name}`, `no ${kind} (?:named |called )?${name}`];
  return new RegExp(`^(?:${said.join('|')})\\.?$`, 'is').test(text);
}
