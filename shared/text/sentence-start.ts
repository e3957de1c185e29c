/**
 * A message shown on its own as a sentence, its first letter a capital. Many of the core's messages
 * and hints begin in lower case, as they read after `error [code]: ` on the command line. Only a
 * plain word is touched: one naming a file, a field or a program (`runtime.json`, `inputRoundQuietMs`,
 * `npx`, `connected-services`, a backquoted command) stays as written.
 */
export function sentenceStart(text: string): string {
  // A word before `:` is a name more often than not (`notes: …`, a service's, as it was written).
  const word = /^[a-z]+(?=[\s,;]|$)/.exec(text)?.[0];
  if (word === undefined || PROGRAMS.has(word)) return text;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** Programs a message may begin with, written as they are typed. */
const PROGRAMS = new Set(['npx', 'npm', 'node', 'uvx', 'uv', 'docker', 'python', 'python3', 'pip', 'git', 'curl', 'bash', 'sh', 'code', 'claude', 'cursor', 'gemini', 'codex']);
