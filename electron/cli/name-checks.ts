import { spacedLikeAnother } from '../../shared/api';
import { SERVER_NAME } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { readingForm } from '../../shared/text';
import { AGENT_NAME } from '../bridge';

/**
 * A name the rule takes, made from the one typed as it reads: accents dropped ("café" → "cafe"),
 * look-alike letters as the Latin ones they pass for ("clаude" with a Cyrillic а → "claude"), the rest replaced.
 */
function suggestion(name: string, other: RegExp, max: number): string {
  return readingForm(name)
    .replace(other, '-')
    .replace(/^[^A-Za-z0-9]+|[-_ .]+$/g, '')
    .slice(0, max);
}

/** Names already taken and what they are ("a server"), for a new name: a suggestion that takes one helps no one. */
type TakenNames = readonly { names: readonly string[]; what: string }[];

/** The one of `taken` that `fixed` would be, ignoring case (two server names that differ only in case share their files on macOS and Windows), with what it is. */
function heldBy(fixed: string, taken: TakenNames | undefined): { name: string; what: string } | undefined {
  for (const { names, what } of taken ?? []) {
    const name = names.find((other) => other.toLowerCase() === fixed.toLowerCase());
    if (name !== undefined) return { name, what };
  }
  return undefined;
}

/** `fallback`, or `fallback-2`, `-3`… when it is taken: an example a person copies should work. */
function freeExample(fallback: string, taken: TakenNames | undefined): string {
  let example = fallback;
  for (let n = 2; heldBy(example, taken) !== undefined; n += 1) example = `${fallback}-${n}`;
  return example;
}

function takenHint(held: { name: string; what: string }): string {
  return `It looks like "${held.name}", which is already ${held.what}; pick another name`;
}

function refuse(name: string, what: string, rule: string, fixed: string, pattern: RegExp, fallback: string, taken?: TakenNames): never {
  const shown = name.length > 60 ? `${name.slice(0, 60)}…` : name;
  // "Letters" reads as any letter; the rule means a-z and A-Z only, which a name like "José" needs to hear.
  const latin = /[^\x20-\x7e]/.test(name) ? ' (letters a-z and A-Z only: no accents or other scripts)' : '';
  const valid = pattern.test(fixed);
  const held = valid ? heldBy(fixed, taken) : undefined;
  throw new CodedError('invalid_input', `"${shown}" cannot be ${what}: use ${rule}, starting with a letter or digit${latin}`, {
    hint: held !== undefined ? takenHint(held) : `For example: ${valid ? fixed : freeExample(fallback, taken)}`,
  });
}

/** A new server's taken names: those configured, and the demo servers a folder without mcp.json gets on its first command. */
export interface TakenServerNames {
  configured: readonly string[];
  demo: readonly string[];
}

/**
 * Checked before anything else, in the command line's words (the App API's own message names its method).
 * `taken`, for a new server: the configured names (and demo ones), none of which is suggested.
 */
export function checkServerName(name: string, taken?: readonly string[] | TakenServerNames): void {
  if (SERVER_NAME.test(name)) return;
  const known = taken === undefined || 'configured' in taken ? taken : { configured: taken, demo: [] };
  const names = known && [
    { names: known.configured, what: 'a server' },
    { names: known.demo, what: 'a server (a demo server a new data folder starts with)' },
  ];
  refuse(name, "a server's name", '1-48 letters, digits, "_" or "-"', suggestion(name, /[^A-Za-z0-9_-]+/g, 48), SERVER_NAME, 'notes', names);
}

/** A new server's name, as `checkServerName`; the configured names are asked only when it is refused. */
export async function checkNewServerName(name: string, configured: () => Promise<readonly string[] | TakenServerNames>): Promise<void> {
  if (!SERVER_NAME.test(name)) checkServerName(name, await configured());
}

/** An agent's name, as `checkServerName`: said before the agent is made, with one that would do (none of `taken`). */
export function checkAgentName(name: string, taken?: readonly string[]): void {
  const agents = taken === undefined ? undefined : [{ names: taken, what: 'an agent' }];
  if (AGENT_NAME.test(name)) {
    if (!spacedLikeAnother(name)) return;
    const fixed = name.replace(/ {2,}/g, ' ').trimEnd();
    const held = heldBy(fixed, agents);
    throw new CodedError('invalid_input', `"${name.length > 60 ? `${name.slice(0, 60)}…` : name}" cannot be an agent's name: it ends in a space or holds two in a row, so it would read like "${fixed}"`, {
      hint: held !== undefined ? takenHint(held) : `For example: ${fixed}`,
    });
  }
  refuse(name, "an agent's name", '1-64 letters, digits, spaces, "_", "." or "-"', suggestion(name, /[^A-Za-z0-9 _.-]+/g, 64), AGENT_NAME, 'laptop', agents);
}

/** A new agent's name, as `checkAgentName`; the agents' names are asked only when it is refused. */
export async function checkNewAgentName(name: string, agents: () => Promise<readonly string[]>): Promise<void> {
  if (AGENT_NAME.test(name) && !spacedLikeAnother(name)) return;
  checkAgentName(name, await agents());
}
