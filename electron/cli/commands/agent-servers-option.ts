import type { Command } from 'commander';
import { CodedError } from '../../../shared/errors';
import { checkServerName } from '../name-checks';

/** `--servers LIST` as read (a string), `--no-servers` (false), or neither (undefined). */
export type ServersOption = string | false | undefined;

/**
 * `--servers LIST` and `--no-servers`, the empty list said on purpose: `--servers ""` is refused (an
 * unset shell variable), and `--servers none` names a server that may be called "none". Commander
 * keeps whichever came last, so each is noted as it is read and the two together are refused.
 */
export function addServersOptions(command: Command, help: string, noneHelp: string): Command {
  const given = new Set<string>();
  command.option('--servers <list>', help).option('--no-servers', noneHelp);
  command.on('option:servers', () => given.add('--servers'));
  command.on('option:no-servers', () => given.add('--no-servers'));
  return command.hook('preAction', (_command, action) => {
    if (given.size < 2) return;
    const agent = String(action.processedArgs[0] ?? 'NAME');
    throw new CodedError('invalid_input', '--servers and --no-servers cannot be given together: --no-servers means no server at all', {
      hint:
        action.name() === 'add'
          ? `Give one: \`connected-services agents add "${agent}" --servers NAME,…\` (or * for all), or \`connected-services agents add "${agent}" --no-servers\``
          : `Give one: \`connected-services agents set "${agent}" --servers NAME,…\` (or * for all), or \`connected-services agents set "${agent}" --no-servers\``,
    });
  });
}

/**
 * Each name checked before a note on it or the App API's refusal in its own words (`servers.0: …`).
 * No name at all (an unset shell variable) is refused: it would quietly take every server away.
 */
export function parseServers(given: string | false, agent: string, command: 'add' | 'set'): '*' | string[] {
  if (given === false) return [];
  if (given.trim() === '*') return '*';
  const names = given.split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) {
    throw new CodedError('invalid_input', `--servers was given an empty value ("${given}"): name the servers it may use, comma-separated, or * for all`, {
      hint: command === 'add'
        ? `To add "${agent}" with no server yet, leave --servers out or give --no-servers (\`agents set "${agent}" --servers NAME,…\` gives it some later)`
        : `To leave "${agent}" no server at all, give --no-servers: \`connected-services agents set "${agent}" --no-servers\`; to keep its servers, leave --servers out`,
    });
  }
  for (const name of names) checkServerName(name);
  return names;
}
