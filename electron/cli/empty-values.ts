import type { Command } from 'commander';
import { CodedError } from '../../shared/errors';

/**
 * An empty word (an unset shell variable: `servers remove "$NAME"`) where a command reads an argument
 * is refused as the argument missing, before the command asks for a server named "". A variadic
 * argument is a command line of its own, where an empty word can be meant.
 */
export function refuseEmptyArguments(program: Command): void {
  program.hook('preAction', (_program, command) => {
    command.registeredArguments.forEach((argument, index) => {
      const value: unknown = command.processedArgs[index];
      if (argument.variadic || typeof value !== 'string' || value.trim() !== '') return;
      // Through command.error, so the usage hint is built as for any of commander's errors (usage-errors.ts).
      if (argument.required) command.error(`error: missing required argument '${argument.name()}' (it was given empty)`, { code: 'commander.missingArgument' });
      command.error(`error: <${argument.name()}> was given an empty value: give one, or leave it out`, { code: 'commander.emptyArgument' });
    });
  });
}

/** An option's parser that refuses an empty value (it would quietly mean the option's default). */
export function nonEmpty(option: string, example: string): (value: string) => string {
  return (value) => {
    if (value.trim() !== '') return value;
    throw new CodedError('invalid_input', `${option} was given an empty value: give one, or leave ${option} out`, { hint: `For example: ${example}` });
  };
}

/** An option's text, or undefined when it is blank: `--description ''` (or an unset shell variable) means none, never "". */
export function givenText(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text;
}
