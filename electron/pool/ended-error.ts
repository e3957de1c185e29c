import type { CodedError, CodedErrorOptions } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { coded, redactCoded } from './redacted-error';
import { meaningfulStderr } from './stderr-lines';

/** How a failure in a server's start is placed in time (toPoolError). */
export const WHILE_STARTING = 'while starting';

/**
 * How the hint of a server that ended after printing begins: the command line prints that output
 * (`data.stderr`) below it; a reader with no "below" (a program, an agent) is pointed elsewhere.
 */
export const OUTPUT_BELOW = "check the server's output below";

/** How the hint of a server that ended without printing begins (doctor drops its "or run doctor"). */
export const PRINTED_NOTHING = 'it printed nothing: run its command yourself to see what it does';

export interface EndInfo {
  /** The transport's own reason (e.g. an oversized message). */
  failure?: CodedError | undefined;
  exit?: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  stderr: string;
  /** We closed it (stop or config change), so it is not a crash. */
  byUs: boolean;
  /** It had answered a request with a result (its handshake is the first): it started, whatever it did next. */
  answered?: boolean | undefined;
}

/** The line that says what went wrong: a Node crash's error line, not its `Node.js v20…` trailer. */
function lastLine(text: string): string {
  return (meaningfulStderr(text).at(-1)?.trim() ?? '').slice(0, 300);
}

/** The transport stopped the server for flooding its output (ServerOutput). */
export function floodedOf(info: EndInfo | undefined): boolean {
  return info?.failure?.data?.['flood'] !== undefined;
}

/**
 * `"x" exited with code 3: <last stderr line>` with the whole stderr tail in data; agents are told
 * the same without the line (`data.agentMessage`): what a server prints (paths, user names, a stack)
 * is the person's to read, in its log, not an agent's, which may be hostile. A server that ends
 * after answering its handshake, while the start goes on (its listing), is said to have ended right
 * after it started: it did start, and then left on its own.
 */
export function endedError(server: string, info: EndInfo | undefined, during: string): CodedError {
  if (info?.failure) return redactCoded(info.failure);
  const exit = info?.exit;
  const how =
    exit === undefined
      ? 'closed its connection'
      : exit.signal !== null
        ? `was killed by ${exit.signal}`
        : `exited with code ${exit.code ?? '?'}`;
  const stderr = info?.stderr ?? '';
  const tail = lastLine(stderr);
  // Nothing printed, nothing shown below: the command run by hand says what it does.
  const options: CodedErrorOptions = { hint: stderr.trim() === '' ? `${PRINTED_NOTHING}, or \`connected-services doctor\`` : `${OUTPUT_BELOW}; run \`connected-services doctor\`` };
  if (info?.byUs) return coded('server_unavailable', `"${server}" was stopped ${during}`, { hint: 'start it again or retry the call' });
  const when = during === WHILE_STARTING && info?.answered === true ? 'right after it started' : during;
  const bare = `"${server}" ${how} ${when}`;
  if (stderr !== '') options.data = tail === '' ? { stderr } : { stderr, agentMessage: redact(bare) };
  return coded('server_unavailable', tail === '' ? bare : `${bare}: ${tail}`, options);
}
