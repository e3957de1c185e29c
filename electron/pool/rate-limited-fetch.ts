import { readBoundedBody, type FetchLike } from '../net';
import { parseRetryAfterHeader, retryAfterInJson } from './retry-after';

/** How much of a 429's body is read for its `retry_after`: a rate limit's body is a short JSON, not a download. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * A server's HTTP 429 (RFC 6585 §4) with how long it asked us to wait. The SDK's own error for it
 * (StreamableHTTPError) keeps neither the headers nor the wait, so the fetch under its transport
 * throws this instead; map-error.ts makes it `rate_limited` with `retryAfterMs`.
 */
export class RateLimitedResponse extends Error {
  readonly status = 429;

  constructor(readonly retryAfterMs: number | undefined) {
    super('HTTP 429 Too Many Requests');
    this.name = 'RateLimitedResponse';
  }
}

/** At most `limit` bytes of the body as text; the rest is not read (the stream is cancelled). */
async function boundedText(response: Response, limit: number): Promise<string> {
  return new TextDecoder().decode((await readBoundedBody(response, limit)).bytes);
}

function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The wait a 429 asks for: its `Retry-After` header (RFC 9110 §10.2.3), else a `retry_after` in its JSON body. */
export async function retryAfterOf(response: Response, now: number): Promise<number | undefined> {
  const fromHeader = parseRetryAfterHeader(response.headers.get('retry-after'), now);
  const body = await boundedText(response, MAX_BODY_BYTES).catch(() => '');
  return fromHeader ?? retryAfterInJson(jsonOrUndefined(body), now);
}

/** `fetch` for an MCP server's transport whose 429 answers throw a RateLimitedResponse with their wait. */
export function rateLimitedFetch(fetch: FetchLike, now: () => number): FetchLike {
  return async (url, init) => {
    const response = await fetch(url, init);
    if (response.status !== 429) return response;
    throw new RateLimitedResponse(await retryAfterOf(response, now()));
  };
}
