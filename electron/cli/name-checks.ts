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

function refuse(name: string, what: string, rule: string, fixed: string, pattern: RegExp, fallback: string): never {
  const shown = name.length > 60 ? `${name.slice(0, 60)}…` : name;
  // "Letters" reads as any letter; the rule means a-z and A-Z only, which a name like "José" needs to hear.
  const latin = /[^\x20-\x7e]/.test(name) ? ' (letters a-z and A-Z only: no accents or other scripts)' : '';
  throw new CodedError('invalid_input', `"${shown}" cannot be ${what}: use ${rule}, starting with a letter or digit${latin}`, {
    hint: `For example: ${pattern.test(fixed) ? fixed : fallback}`,
  });
}

/** Checked before anything else, in the command line's words (the App API's own message names its method). */
export function checkServerName(name: string): void {
  if (SERVER_NAME.test(name)) return;
  refuse(name, "a server's name", '1-48 letters, digits, "_" or "-"', suggestion(name, /[^A-Za-z0-9_-]+/g, 48), SERVER_NAME, 'notes');
}

/** An agent's name, as `checkServerName`: said before the agent is made, with one that would do. */
export function checkAgentName(name: string): void {
  if (AGENT_NAME.test(name)) {
    if (!spacedLikeAnother(name)) return;
    const fixed = name.replace(/ {2,}/g, ' ').trimEnd();
    throw new CodedError('invalid_input', `"${name.length > 60 ? `${name.slice(0, 60)}…` : name}" cannot be an agent's name: it ends in a space or holds two in a row, so it would read like "${fixed}"`, {
      hint: `For example: ${fixed}`,
    });
  }
  refuse(name, "an agent's name", '1-64 letters, digits, spaces, "_", "." or "-"', suggestion(name, /[^A-Za-z0-9 _.-]+/g, 64), AGENT_NAME, 'laptop');
}
