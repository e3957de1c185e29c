import { CodedError } from '../../shared/errors';

function invalid(message: string): CodedError {
  return new CodedError('invalid_input', `--open-with: ${message}`, {
    hint: 'Give a program and its arguments, e.g. --open-with "firefox --new-window"; quote arguments with spaces.',
  });
}

/**
 * Splits a command line into argv the way a POSIX shell splits words, and nothing more: single quotes
 * keep everything literal, double quotes allow \" and \\, a backslash outside quotes escapes the next
 * character. No variables, globs, pipes or substitutions: `$(x)`, `;` and `|` are ordinary characters,
 * because the result is run without a shell.
 */
export function parseCommandLine(command: string): string[] {
  const argv: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < command.length; i++) {
    const ch = command.charAt(i);
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else word += ch;
      continue;
    }
    if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === '\\' && (command[i + 1] === '"' || command[i + 1] === '\\')) word += command.charAt(++i);
      else word += ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === '\\') {
      if (i + 1 >= command.length) throw invalid('the command ends with a lone backslash');
      word += command.charAt(++i);
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) argv.push(word);
      word = '';
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (quote) throw invalid(`a ${quote === '"' ? 'double' : 'single'} quote is not closed`);
  if (inWord) argv.push(word);
  if (argv.length === 0) throw invalid('the command is empty');
  return argv;
}
