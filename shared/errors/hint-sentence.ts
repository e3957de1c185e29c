/**
 * A message or hint shown on its own as a sentence, its first word starting with a capital ("Run …"),
 * whichever layer wrote it: many begin in lower case, as they read after `error [code]: ` on the
 * command line. Only a plain word is touched: one that is code (`tools/list`, `ttlMs`, `mcp.json`,
 * `connected-services`, a backquoted command) or a program (`npx`) keeps its spelling, and so does one
 * already written as a sentence.
 */
export function hintSentence(text: string): string {
  // A word before `:` is a name more often than not (`notes: …`, a service's, as it was written).
  const word = /^[a-z]+(?=[\s,;?!]|$)/.exec(text)?.[0];
  if (word === undefined || PROGRAMS.has(word)) return text;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** Programs a message may begin with, written as they are typed. */
const PROGRAMS = new Set(['npx', 'npm', 'node', 'uvx', 'uv', 'docker', 'python', 'python3', 'pip', 'git', 'curl', 'bash', 'sh', 'code', 'claude', 'cursor', 'gemini', 'codex']);
