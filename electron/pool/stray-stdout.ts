import type { CodedError } from '../../shared/errors';
import type { EndInfo } from './ended-error';
import { coded } from './redacted-error';

/** Characters of the first stray stdout line a start error quotes (it is already redacted and shown safe). */
export const STRAY_EXCERPT = 200;

/** An address on this computer in a stray line: a program that serves MCP over HTTP says where it listens. */
const LOCAL_URL = /\bhttps?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?![\w.-])(?::\d{1,5})?(?:\/[^\s"'`<>)\]]*)?/i;

/** The local address a line names, trailing punctuation left out. */
export function localUrlIn(line: string): string | undefined {
  return LOCAL_URL.exec(line)?.[0].replace(/[.,;:!?]+$/, '');
}

/** What to do about a program that wrote something other than JSON-RPC to stdout while starting. */
export function strayStdoutHint(server: string, line: string): string {
  const url = localUrlIn(line);
  if (url !== undefined) {
    return `it seems to serve MCP over HTTP, not stdio: run it yourself and add it by its URL instead of as a command (\`connected-services servers remove ${server}\`, then \`connected-services servers add ${server} --url ${url}\`), or give it the option its documentation names for stdio`;
  }
  return `a stdio MCP server must write only JSON-RPC to stdout (its logs to stderr): check the command and arguments of "${server}" (some programs need an option, such as \`--stdio\`, to speak stdio)`;
}

/** The words a start error adds after its own when the program wrote a stray stdout line. */
export function strayStdoutSaid(line: string): string {
  return `; it wrote a line that is not JSON-RPC to stdout: "${line.slice(0, STRAY_EXCERPT)}"`;
}

/**
 * A start that timed out, or a program that ended on its own while starting, after writing stdout
 * lines that are not JSON-RPC: the first such line is the likeliest reason (an HTTP server, a banner),
 * so the error quotes it and its hint says what to change. Any other error is returned as it is.
 */
export function withStrayStdout(error: CodedError, server: string, line: string | undefined, info: EndInfo | undefined): CodedError {
  if (line === undefined) return error;
  const hint = strayStdoutHint(server, line);
  if (error.code === 'timeout') return coded('timeout', error.message + strayStdoutSaid(line), { hint, ...(error.data ? { data: error.data } : {}), cause: error });
  const endedOnItsOwn = info !== undefined && !info.byUs && info.failure === undefined && info.exit !== undefined;
  if (error.code !== 'server_unavailable' || !endedOnItsOwn) return error;
  // What it printed on stderr is still shown below: that part of the hint stays first.
  const both = info.stderr.trim() === '' ? `${hint}, or run \`connected-services doctor\`` : `${error.hint ?? ''}; ${hint}`;
  return coded(error.code, error.message + strayStdoutSaid(line), { hint: both, ...(error.data ? { data: error.data } : {}), cause: error });
}
