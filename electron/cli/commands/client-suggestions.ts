import { closestWord } from '../../../shared/text';

/** A client's first word: `gemini` of gemini-cli, `claude` of claude-code and claude-desktop. */
function firstWord(client: string): string {
  return client.split('-')[0] ?? client;
}

/**
 * The clients a word that names none most likely meant: the one it is a typo of (`curser`), else those
 * it begins (`claude`, `gemini`), else those whose first word it is a typo of (`gemni`). Never the word
 * itself, and none for a client named exactly (in any case).
 */
export function meantClients<C extends string>(value: string, choices: readonly C[]): C[] {
  const word = value.trim().toLowerCase();
  if (choices.some((client) => client === word)) return [];
  const near = closestWord(word, choices);
  const typo = choices.find((client) => client === near);
  if (typo !== undefined) return [typo];
  // Three letters at least: `c` or `cl` begins too many names to mean one.
  if (word.length < 3) return [];
  const begun = choices.filter((client) => client.startsWith(word));
  if (begun.length > 0) return begun;
  return choices.filter((client) => firstWord(client) !== client && closestWord(word, [firstWord(client)]) !== undefined);
}

/** "Did you mean --for X or --for Y?" for the clients a word likely meant, or undefined. */
export function clientSuggestion(option: string, value: string, choices: readonly string[]): string | undefined {
  const meant = meantClients(value, choices);
  return meant.length === 0 ? undefined : `Did you mean ${meant.map((client) => `${option} ${client}`).join(' or ')}?`;
}
