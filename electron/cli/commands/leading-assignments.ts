import type { SplitCommandLine } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import { shellQuote } from '../../pool';

/** POSIX shell §2.9.1: a leading word NAME=value (NAME a portable name) sets a variable for the command. */
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * `-- NAME=short npx x`: a shell would set NAME and run npx, but the app runs its first word as the
 * program, so no program by that name would be found. Refused with the words to write: each setting
 * as `--env`, the program after `--`. `correction` writes the whole command from them.
 */
export function refuseLeadingAssignments(words: readonly string[], correction: (split: SplitCommandLine) => string[]): void {
  const first = words.findIndex((word) => !ASSIGNMENT.test(word));
  const count = first === -1 ? words.length : first;
  if (count === 0) return;
  const settings = words.slice(0, count);
  const [command, ...args] = words.slice(count);
  const env = Object.fromEntries(settings.map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]));
  const flags = settings.map((word) => `--env ${shellQuote(word)}`).join(' ');
  const word = shellQuote(settings[0] ?? '');
  const starts = `The command after -- starts with ${word}: a command runs without a shell, so it sets no variable and ${word} would be run as the program`;
  const variables = count === 1 ? 'the variable' : 'the variables';
  if (command === undefined) throw new CodedError('invalid_input', starts, { hint: `Give ${variables} with ${flags} and the program after --` });
  throw new CodedError('invalid_input', starts, { hint: `Give ${variables} with --env: \`${correction({ command, args, env, warnings: [] }).join(' ')}\`` });
}
