import type { CodedError } from '../../shared/errors';
import { terminalSafe } from '../../shared/text';
import { errorChain, errorCode, FETCH_BAD_PORT, networkFailure } from '../net';
import { coded } from './redacted-error';

interface Where {
  server: string;
  url: string;
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
  const errors = errorChain(error);
  const running = `is the server running at ${where.url}?`;
  const network = networkFailure(error);
  if (network !== undefined) {
    const { code, meaning } = network;
    const hint = code === 'ENOTFOUND' || code === 'EAI_AGAIN' ? `check the network and the host name in the "url" of "${where.server}" in mcp.json` : running;
    return reached(where, code, meaning, hint, code);
  }
  const failed = errors.findIndex((e) => e instanceof TypeError && e.message === 'fetch failed');
  if (failed === -1) return undefined;
  const under = errors[failed + 1];
  if (under?.message === FETCH_BAD_PORT) {
    const port = portOf(where.url);
    return reached(where, FETCH_BAD_PORT, `fetch never connects to port ${port || 'of this address'}, one the Fetch Standard blocks`, `serve it on another port and change the "url" of "${where.server}" in mcp.json`);
  }
  // Another failure under fetch (TLS, a protocol error): its own words say what went wrong.
  const said = under === undefined ? 'fetch failed' : terminalSafe(under.message.slice(0, 300));
  const underCode = under === undefined ? undefined : errorCode(under);
  return reached(where, underCode ?? 'fetch failed', said, `check the "url" of "${where.server}" in mcp.json, and that the server answers there`, underCode);
}
