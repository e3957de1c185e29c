/**
 * A hint as a person or an agent reads it, whichever layer wrote it: a sentence whose first word starts
 * with a capital ("Run …"). A first word that is code (`tools/list`, `ttlMs`, `mcp.json`,
 * `connected-services`) keeps its spelling, and so does one already written as a sentence.
 */
export function hintSentence(hint: string): string {
  return /^[a-z]+(?=[\s,;:?!]|$)/.test(hint) ? hint.charAt(0).toUpperCase() + hint.slice(1) : hint;
}
