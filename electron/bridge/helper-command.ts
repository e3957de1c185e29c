import { CodedError } from '../../shared/errors';
import type { StdioCommand } from './client-entries';

/**
 * The helpers a client starts so its configuration holds no token: each reads the agent's token from
 * our vault when the client starts it (electron/app/client-setup/kept-token.ts).
 * - `bridge --stdio --agent NAME`: the stdio bridge, for clients that start a command;
 * - `bridge headers --agent NAME`: prints `{"Authorization":"Bearer …"}`, for Claude Code's
 *   `headersHelper` (a command whose standard output is a JSON object of headers).
 */
function withTail(stdio: StdioCommand, tail: string[]): StdioCommand {
  const args = stdio.args;
  if (args.length < 2 || args[args.length - 2] !== 'bridge' || args[args.length - 1] !== '--stdio') {
    throw new CodedError('internal', 'the stdio command does not end in `bridge --stdio`');
  }
  return { ...stdio, args: [...args.slice(0, -1), ...tail] };
}

export function stdioHelper(stdio: StdioCommand, agent: string): StdioCommand {
  return withTail(stdio, ['--stdio', '--agent', agent]);
}

export function headersHelper(stdio: StdioCommand, agent: string): StdioCommand {
  return withTail(stdio, ['headers', '--agent', agent]);
}

const BARE = /^[A-Za-z0-9_/.:,=@%+-]+$/;

/** One word for a POSIX shell: bare when it holds nothing the shell reads, else in single quotes. */
export function shellWord(word: string): string {
  if (word !== '' && BARE.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command as one POSIX shell line (Claude Code runs `headersHelper` through the shell): every
 * word quoted, the environment as `NAME=value` assignments before it. Undefined on Windows, whose
 * shell quoting differs: there the client gets the stdio helper instead.
 */
export function shellLine(command: StdioCommand, platform: NodeJS.Platform): string | undefined {
  if (platform === 'win32') return undefined;
  const env = Object.entries(command.env ?? {}).map(([name, value]) => `${name}=${shellWord(value)}`);
  return [...env, shellWord(command.command), ...command.args.map(shellWord)].join(' ');
}
