import { CodedError } from '../../shared/errors';

const BIN = 'connected-services';

/**
 * `servers add NAME npx -y …` without `--`: the server's own options (`-y`, `--timeout`) are read
 * as ours. What to write instead, said wherever one of them is refused.
 */
export const COMMAND_AFTER_DASHES = `A server's command goes after \`--\`, with its own options: \`${BIN} servers add NAME [options] -- COMMAND [its options]\``;

/** `servers add` written with its server's command but no `--` before it. */
export function commandWithoutDashes(path: readonly string[], argv: readonly string[]): boolean {
  return path.join(' ') === 'servers add' && !argv.includes('--');
}

/** `--yes` without `--connect`; with a command given, it may be the `-y` of `npx -y` before a missing `--`. */
export function yesWithoutConnect(withCommand: boolean): CodedError {
  const plain = 'Add --connect to approve and connect in one step, or leave out --yes';
  return new CodedError('invalid_input', '--yes goes with --connect', { hint: withCommand ? `${plain}. If -y was the server's own: ${COMMAND_AFTER_DASHES.charAt(0).toLowerCase()}${COMMAND_AFTER_DASHES.slice(1)}` : plain });
}
