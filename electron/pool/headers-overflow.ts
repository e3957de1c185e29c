import { CodedError } from '../../shared/errors';

/** undici's code for an answer whose headers pass its limit (Node's `--max-http-header-size`, 16 KiB by default). */
const HEADERS_OVERFLOW = 'UND_ERR_HEADERS_OVERFLOW';

/**
 * A server that was reached but answered with headers too large to read (a huge `Mcp-Session-Id`
 * or cookie): said as such, not as "could not reach", which sends the person looking at the network.
 * Looks down a few `cause`s: fetch wraps undici's error in "fetch failed".
 */
export function headersOverflow(error: unknown, server: string, url: string | undefined): CodedError | undefined {
  if (url === undefined) return undefined;
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ((e as NodeJS.ErrnoException).code !== HEADERS_OVERFLOW) continue;
    return new CodedError('server_unavailable', `"${server}" at ${url} answered with headers too large to read (${HEADERS_OVERFLOW}; over 16 KiB by default)`, {
      hint: `the server sends oversized headers (such as a very long Mcp-Session-Id): check "${server}" or its maintainer`,
      data: { network: HEADERS_OVERFLOW },
    });
  }
  return undefined;
}
