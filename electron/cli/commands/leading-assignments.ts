import type { SplitCommandLine } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import { shellQuote } from '../../pool';
import { refuseLiteralSecrets, type EntryAction } from '../literal-secret-flags';

/** POSIX shell §2.9.1: a leading word NAME=value (NAME a portable name) sets a variable for the command. */
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** Where the words were given: the message's subject, and where the program goes instead. */
export interface AssignmentsGiven {
  where: string;
  program: string;
  /** `servers add` (the default) or `servers edit`: what a refusal says was not done. */
  action?: EntryAction;
}

export const AFTER_DASHES: AssignmentsGiven = { where: 'The command after --', program: 'the program after --' };

/**
 * `-- NAME=short npx x`: a shell would set NAME and run npx, but the app runs its first word as the
 * program, so no program by that name would be found. Refused with the words to write: each setting
 * as `--env`, the program after `--`. `correction` writes the whole command from them.
 */
export function refuseLeadingAssignments(server: string, words: readonly string[], correction: (split: SplitCommandLine) => string[], given: AssignmentsGiven = AFTER_DASHES): void {
  const first = words.findIndex((word) => !ASSIGNMENT.test(word));
  const count = first === -1 ? words.length : first;
  if (count === 0) return;
  const settings = words.slice(0, count);
  const [command, ...args] = words.slice(count);
  const env = Object.fromEntries(settings.map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]));
  // A secret in clear gets the vault's words first: the --env line to write would only be refused for it next.
  refuseLiteralSecrets(server, { command: command ?? '', ...(args.length > 0 ? { args } : {}), env, ...(given.action === undefined ? {} : { action: given.action }) });
  const flags = settings.map((word) => `--env ${shellQuote(word)}`).join(' ');
  const word = shellQuote(settings[0] ?? '');
  const starts = `${given.where} starts with ${word}: a command runs without a shell, so it sets no variable and ${word} would be run as the program`;
  const variables = count === 1 ? 'the variable' : 'the variables';
  if (command === undefined) throw new CodedError('invalid_input', starts, { hint: `Give ${variables} with ${flags} and ${given.program}` });
  throw new CodedError('invalid_input', starts, { hint: `Give ${variables} with --env: \`${correction({ command, args, env, warnings: [] }).join(' ')}\`` });
}
