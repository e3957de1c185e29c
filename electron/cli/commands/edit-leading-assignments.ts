import type { SplitCommandLine } from '../../../shared/config';
import { AFTER_DASHES, refuseLeadingAssignments } from './leading-assignments';

/** The parts of `servers edit` that name the program. */
interface ProgramOptions {
  command?: string;
  arg?: string[];
}

/**
 * `servers edit NAME -- NAME=short npx x` and `--command NAME=short`: the first word would be stored
 * as the program's name, which no computer has (the command runs without a shell). Refused as
 * `servers add` refuses it, with the edit command to type (`correction`), each setting as `--env`.
 */
export function refuseEditLeadingAssignments(server: string, command: readonly string[], options: ProgramOptions, correction: (split: SplitCommandLine) => string[]): void {
  // With --command or --arg too, the line after -- is refused as given twice, by the edit itself.
  if (command.length > 0) {
    if (options.command === undefined && options.arg === undefined) refuseLeadingAssignments(server, command, correction, { ...AFTER_DASHES, action: 'edit' });
    return;
  }
  if (options.command !== undefined) refuseLeadingAssignments(server, [options.command], correction, { where: '--command', program: 'the program with --command', action: 'edit' });
}
