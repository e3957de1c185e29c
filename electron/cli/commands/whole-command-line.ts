import { existsSync } from 'node:fs';
import { splitCommandLine, type SplitCommandLine } from '../../../shared/config';
import { CodedError, toCodedError } from '../../../shared/errors';
import { shellQuote } from '../../pool';
import { refuseLiteralSecrets, type EntryAction } from '../literal-secret-flags';

/** How the person wrote the program: the one word after `--`, or `--command`. */
export interface GivenProgram {
  word: string;
  /** Shown in the message: `The command after --` or `--command`. */
  where: string;
  /** `servers add` (the default) or `servers edit`: what a refusal says was not done. */
  action?: EntryAction;
}

/** One word that a person quoted as a whole command line (`'npx -y pkg ~/notes'`); a path with spaces is a program. */
export function wholeLineIn(words: readonly string[]): string | undefined {
  const [word] = words;
  return words.length === 1 && word !== undefined && /\s/.test(word.trim()) && !existsSync(word) ? word : undefined;
}

/**
 * The line as words the way the app's command box splits it (split-command-line.ts); the caller
 * writes the corrected command from them. Refuses a line a shell would be needed for, and a secret
 * in clear, before any of it is shown.
 */
function splitOrRefuse(server: string, given: GivenProgram): SplitCommandLine {
  let split: SplitCommandLine;
  try {
    split = splitCommandLine(given.word.trim());
  } catch (error) {
    const coded = toCodedError(error);
    throw new CodedError('invalid_input', `${given.where} is a whole command line in one word, and it cannot be split into a program and its arguments: ${coded.message}`, {
      hint: `Give the program and each argument as its own word, without quotes around the whole line. ${coded.hint ?? ''}`.trim(),
    });
  }
  refuseLiteralSecrets(server, { command: split.command, ...(split.args.length > 0 ? { args: split.args } : {}), ...(Object.keys(split.env).length > 0 ? { env: split.env } : {}), ...(split.cwd !== undefined ? { cwd: split.cwd } : {}), ...(given.action ? { action: given.action } : {}) });
  return split;
}

/**
 * A program given as a whole quoted command line would be stored as the name of a program no
 * computer has, and fail only when it starts. Refused, not split: what is approved is exactly what
 * was typed. `correction` writes the command to run instead, from the line split as the app splits it.
 */
export function refuseWholeCommandLine(server: string, given: GivenProgram, correction: (split: SplitCommandLine) => string[]): void {
  const split = splitOrRefuse(server, given);
  const corrected = correction(split).join(' ');
  // Quoted, `~` and `$HOME` reach the server as written, as the app keeps them; a shell expands them only unquoted.
  const kept = split.warnings.length > 0 ? '. Quoted as here, ~ and $VARIABLES reach the server as written: write a full path, or leave it unquoted for your shell to expand it' : '';
  throw new CodedError('invalid_input', `${given.where} is a whole command line in one word: the quotes around it made the shell pass it as one, so no program by that name would be found`, {
    hint: `Give the program and each argument as its own word: \`${corrected}\`${kept}`,
  });
}

/** `NAME=value` options as shell words, each quoted for the shell. */
export function envWords(env: Record<string, string>): string[] {
  return Object.entries(env).flatMap(([name, value]) => ['--env', shellQuote(`${name}=${value}`)]);
}

/** The program and its arguments, each quoted for the shell, after `--`. */
export function commandWords(split: SplitCommandLine, more: readonly string[] = []): string[] {
  return ['--', ...[split.command, ...split.args, ...more].map(shellQuote)];
}
