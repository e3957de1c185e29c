import type { CodedError } from '../../shared/errors';
import { shellQuote } from '../../shared/text';
import type { EndInfo } from './ended-error';
import { coded } from './redacted-error';

/** Characters of the first stray stdout line a start error quotes (it is already redacted and shown safe). */
export const STRAY_EXCERPT = 200;

/** An address on this computer in a stray line: a program that serves MCP over HTTP says where it listens. */
const LOCAL_URL = /\bhttps?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?![\w.-])(?::\d{1,5})?(?:\/[^\s"'`<>)\]]*)?/i;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** A path a hint may show: unreserved characters and escapes (RFC 3986 §2.3, §2.1), nothing a shell reads. */
const PLAIN_PATH = /^[A-Za-z0-9._~/%-]*$/;

/**
 * The local address a line names, trailing punctuation left out: only its scheme, host, port and a
 * plain path (another path is left out), as the URL parser reads them, so the program's text cannot
 * add a query, a fragment or shell syntax to a command the hint gives.
 */
export function localUrlIn(line: string): string | undefined {
  const found = LOCAL_URL.exec(line)?.[0].replace(/[.,;:!?]+$/, '');
  if (found === undefined || !URL.canParse(found)) return undefined;
  const url = new URL(found);
  if (!LOCAL_HOSTS.has(url.hostname)) return undefined;
  const path = url.pathname !== '/' && PLAIN_PATH.test(url.pathname) ? url.pathname : '';
  return `${url.protocol}//${url.host}${path}`;
}

/** What to do about a program that wrote something other than JSON-RPC to stdout while starting. */
export function strayStdoutHint(server: string, line: string): string {
  const url = localUrlIn(line);
  if (url !== undefined) {
    return `it seems to serve MCP over HTTP, not stdio: run it yourself and add it by its URL instead of as a command (\`connected-services servers remove ${server}\`, then \`connected-services servers add ${server} --url ${shellQuote(url)}\`), or give it the option its documentation names for stdio`;
  }
  return `a stdio MCP server must write only JSON-RPC to stdout (its logs to stderr): check the command and arguments of "${server}" (some programs need an option, such as \`--stdio\`, to speak stdio)`;
}

/**
 * The words a start error adds after its own when the program wrote a stray stdout line. Its `"` is
 * shown as an escape, as its control characters are, so the line cannot close the quote and go on
 * in words that read as ours.
 */
export function strayStdoutSaid(line: string): string {
  return `; it wrote a line that is not JSON-RPC to stdout: "${line.slice(0, STRAY_EXCERPT).replace(/"/g, '\\u0022')}"`;
}

/**
 * A start that timed out, or a program that ended on its own while starting, after writing stdout
 * lines that are not JSON-RPC: the first such line is the likeliest reason (an HTTP server, a banner),
 * so the error quotes it and its hint says what to change. Any other error is returned as it is.
 */
export function withStrayStdout(error: CodedError, server: string, line: string | undefined, info: EndInfo | undefined): CodedError {
  if (line === undefined) return error;
  const hint = strayStdoutHint(server, line);
  if (error.code === 'timeout') {
    // A slow start that printed a banner is still slow: the timeout's own remedy stays.
    const orSlow = `${hint}; or, if it is only slow to start, raise "startupTimeoutMs" of "${server}" in mcp.json`;
    return coded('timeout', error.message + strayStdoutSaid(line), { hint: orSlow, ...(error.data ? { data: error.data } : {}), cause: error });
  }
  const endedOnItsOwn = info !== undefined && !info.byUs && info.failure === undefined && info.exit !== undefined;
  if (error.code !== 'server_unavailable' || !endedOnItsOwn) return error;
  // What it printed on stderr is still shown below: that part of the hint stays first.
  const both = info.stderr.trim() === '' ? `${hint}, or run \`connected-services doctor\`` : `${error.hint ?? ''}; ${hint}`;
  return coded(error.code, error.message + strayStdoutSaid(line), { hint: both, ...(error.data ? { data: error.data } : {}), cause: error });
}
