import type { CodedError } from '../../shared/errors';
import { terminalSafe } from '../../shared/text';
import { coded } from './redacted-error';

/** Node's and undici's codes for a request that got no answer from the server, with what each means. */
const NETWORK_REASONS = new Map([
  ['ECONNREFUSED', 'nothing answers there'],
  ['ECONNRESET', 'the connection was cut'],
  ['ENOTFOUND', 'its host name does not resolve'],
  ['EAI_AGAIN', 'its host name could not be looked up'],
  ['EHOSTUNREACH', 'there is no route to its host'],
  ['ENETUNREACH', 'there is no route to its network'],
  ['ETIMEDOUT', 'the connection timed out'],
  ['EPIPE', 'the connection was cut'],
  ['UND_ERR_SOCKET', 'the connection was cut'],
  ['UND_ERR_CONNECT_TIMEOUT', 'the connection timed out'],
  ['UND_ERR_HEADERS_TIMEOUT', 'it sent no answer in time'],
]);

/** undici's reason when fetch refuses a port outright (the Fetch Standard's "bad port" list: 1, 9, 6000, …). */
const BAD_PORT = 'bad port';

interface Where {
  server: string;
  url: string;
}

/** The errors fetch's "fetch failed" wraps, and those around it (the SDK's era probe, its POST), a few deep. */
function chain(error: unknown): Error[] {
  const out: Error[] = [];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth++) out.push(e);
  return out;
}

function codeOf(error: Error): string | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  return typeof code === 'string' ? code : undefined;
}

/** The code of the first error in the chain that says the request got no answer. */
export function networkCode(error: unknown): string | undefined {
  return chain(error).map(codeOf).find((code) => code !== undefined && NETWORK_REASONS.has(code));
}

/** `could not reach "X" at URL (why): what it means`: a space after the URL, so its redaction ends with it. */
function reached(where: Where, why: string, meaning: string, hint: string, network?: string): CodedError {
  return coded('server_unavailable', `could not reach "${where.server}" at ${where.url} (${why}): ${meaning}`, {
    hint,
    ...(network === undefined ? {} : { data: { network } }),
  });
}

function portOf(url: string): string {
  try {
    return new URL(url).port;
  } catch {
    return '';
  }
}

/**
 * A request that never got an answer (refused, unresolved, cut, or a port fetch will not use) as
 * "could not reach", with what to check; undefined for anything else. Looks under the wrappers:
 * fetch's "fetch failed", the SDK's era probe ("Version negotiation probe failed").
 */
export function unreachable(error: unknown, where: Where): CodedError | undefined {
  const errors = chain(error);
  const running = `is the server running at ${where.url}?`;
  const code = networkCode(error);
  if (code !== undefined) {
    const reason = NETWORK_REASONS.get(code) ?? code;
    const hint = code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? `check the network and the host name in the "url" of "${where.server}" in mcp.json` : running;
    return reached(where, code, reason, hint, code);
  }
  const failed = errors.findIndex((e) => e instanceof TypeError && e.message === 'fetch failed');
  if (failed === -1) return undefined;
  const under = errors[failed + 1];
  if (under?.message === BAD_PORT) {
    const port = portOf(where.url);
    return reached(where, BAD_PORT, `fetch never connects to port ${port || 'of this address'}, one the Fetch Standard blocks`, `serve it on another port and change the "url" of "${where.server}" in mcp.json`);
  }
  // Another failure under fetch (TLS, a protocol error): its own words say what went wrong.
  const said = under === undefined ? 'fetch failed' : terminalSafe(under.message.slice(0, 300));
  const underCode = under === undefined ? undefined : codeOf(under);
  return reached(where, underCode ?? 'fetch failed', said, `check the "url" of "${where.server}" in mcp.json, and that the server answers there`, underCode);
}
