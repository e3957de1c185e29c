import { SERVER_NAME } from '../config';
import { readingForm } from '../text';
import { AGENT_NAME, spacedLikeAnother } from './agent-name';

/** Why a name cannot be used, in the command line's and the screens' words, and one that would do. */
export interface NameAdvice {
  /** The whole reason, naming the name: `"café" cannot be an agent's name: use …`. */
  message: string;
  /** What to type instead, as a sentence of its own: `use …` where the name is already in view (under its field). */
  rule: string;
  /** `For example: cafe`, or which name the fixed one would look like. */
  hint: string;
}

/** Names already taken and what they are ("a server", "a service"), for a new name: a suggestion that takes one helps no one. */
export type TakenNames = readonly { names: readonly string[]; what: string }[];

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

function shownName(name: string): string {
  return name.length > 60 ? `${name.slice(0, 60)}…` : name;
}

function refusal(name: string, what: string, rule: string, fixed: string, pattern: RegExp, fallback: string, taken?: TakenNames): NameAdvice {
  // "Letters" reads as any letter; the rule means a-z and A-Z only, which a name like "José" needs to hear.
  const latin = /[^\x20-\x7e]/.test(name) ? ' (letters a-z and A-Z only: no accents or other scripts)' : '';
  const valid = pattern.test(fixed);
  const held = valid ? heldBy(fixed, taken) : undefined;
  const full = `use ${rule}, starting with a letter or digit${latin}`;
  return {
    message: `"${shownName(name)}" cannot be ${what}: ${full}`,
    rule: full,
    hint: held !== undefined ? takenHint(held) : `For example: ${valid ? fixed : freeExample(fallback, taken)}`,
  };
}

/** A new server's taken names: those configured, and the demo servers a folder without mcp.json gets on its first command. */
export interface TakenServerNames {
  configured: readonly string[];
  demo: readonly string[];
}

/**
 * Why `name` cannot be a server's, with one that would do (none of `taken`); undefined when it can.
 * `noun`: what the reader calls one, "server" on the command line, "service" on the screens.
 */
export function serverNameAdvice(name: string, taken?: readonly string[] | TakenServerNames, noun: 'server' | 'service' = 'server'): NameAdvice | undefined {
  if (SERVER_NAME.test(name)) return undefined;
  const known = taken === undefined || 'configured' in taken ? taken : { configured: taken, demo: [] };
  const names = known && [
    { names: known.configured, what: `a ${noun}` },
    { names: known.demo, what: `a ${noun} (a demo ${noun} a new data folder starts with)` },
  ];
  return refusal(name, `a ${noun}'s name`, '1-48 letters, digits, "_" or "-"', suggestion(name, /[^A-Za-z0-9_-]+/g, 48), SERVER_NAME, 'notes', names);
}

/** Why `name` cannot be a new agent's, as `serverNameAdvice`; undefined when it can. */
export function agentNameAdvice(name: string, taken?: readonly string[]): NameAdvice | undefined {
  const agents = taken === undefined ? undefined : [{ names: taken, what: 'an agent' }];
  if (AGENT_NAME.test(name)) {
    if (!spacedLikeAnother(name)) return undefined;
    const fixed = name.replace(/ {2,}/g, ' ').trimEnd();
    const held = heldBy(fixed, agents);
    const why = `it ends in a space or holds two in a row, so it would read like "${fixed}"`;
    return {
      message: `"${shownName(name)}" cannot be an agent's name: ${why}`,
      rule: why,
      hint: held !== undefined ? takenHint(held) : `For example: ${fixed}`,
    };
  }
  return refusal(name, "an agent's name", '1-64 letters, digits, spaces, "_", "." or "-"', suggestion(name, /[^A-Za-z0-9 _.-]+/g, 64), AGENT_NAME, 'laptop', agents);
}
