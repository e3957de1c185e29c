import { Option } from 'commander';
import { CodedError } from '../../shared/errors';
import { askHidden, readStdin } from './hidden-input';

/** An agent token's shape (bridge/token.ts): `cs_agent_` and base64url. */
const TOKEN_SHAPE = /^cs_agent_[A-Za-z0-9_-]{1,200}$/;

export interface AgentTokenOptions {
  /** Refused: kept so that the old form gets a message saying what to do instead of "unknown option". */
  token?: string;
  tokenStdin?: boolean;
}

/** `--token` stays out of help: every account on the computer can read a command line (ps, /proc/PID/cmdline). */
export function refusedTokenOption(): Option {
  return new Option('--token <token>').hideHelp();
}

export function tokenStdinOption(): Option {
  return new Option('--token-stdin', "read the agent's token from standard input (typed hidden at a terminal)");
}

/**
 * The agent's token for a command: piped in, typed hidden, or CONNECTED_SERVICES_TOKEN (an environment
 * is readable by the same account only); never from the command line.
 */
export async function agentTokenInput(options: AgentTokenOptions, env: Readonly<Record<string, string | undefined>>): Promise<string | undefined> {
  refuseTokenArgument(options);
  const given = options.tokenStdin === true ? (process.stdin.isTTY ? await askHidden('Agent token: ') : await readStdin(process.stdin, 4096)).trim() : env['CONNECTED_SERVICES_TOKEN'];
  if (given === undefined || given === '') return undefined;
  if (!TOKEN_SHAPE.test(given)) {
    throw new CodedError('invalid_input', 'That is not an agent token (they start with cs_agent_); nothing was done', {
      hint: 'Use the token printed by `agents add` or `agents rotate`',
    });
  }
  return given;
}

/** Before anything is planned or written: a token given on the command line stops the command. */
export function refuseTokenArgument(options: AgentTokenOptions): void {
  if (options.token === undefined) return;
  throw new CodedError('invalid_input', 'A token on the command line can be read by every account on this computer (ps shows it); nothing was done', {
    hint: 'Pass it in CONNECTED_SERVICES_TOKEN, or pipe it in with --token-stdin (at a terminal, it is asked for hidden)',
  });
}
