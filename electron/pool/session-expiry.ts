import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import type { FetchLike } from '../net';

/**
 * Notes the end of a 2025-11-25 session: a server that terminated one MUST answer a request carrying
 * its `Mcp-Session-Id` with HTTP 404, and the client MUST then start a new session (MCP 2025-11-25
 * Transports §Session Management). Told once per connection, for a POST or the GET stream; the
 * DELETE that ends the session ourselves may be answered 404 and is no news.
 */
export function sessionExpiryFetch(fetch: FetchLike, onExpired: () => void): FetchLike {
  return async (url, init) => {
    const response = await fetch(url, init);
    if (response.status === 404 && init?.method !== 'DELETE' && new Headers(init?.headers).has('mcp-session-id')) onExpired();
    return response;
  };
}

/** A request answered HTTP 404 on a connection whose session the server said it no longer knows. */
export function isSessionGone(expired: boolean, error: unknown): boolean {
  return expired && error instanceof CodedError && error.code === 'server_unavailable' && error.data?.['status'] === 404;
}

/** The new session was forgotten too (its listing or the request sent again on it was answered 404): no third. */
export function sessionGoneAgain(server: string): CodedError {
  return new CodedError('server_unavailable', redact(`"${server}" answered HTTP 404 for the new session it had just started, as for the one that expired: no further session is started`), {
    hint: redact(`the server forgets its sessions at once; check it (or its proxy), then start "${server}" again`),
    data: { status: 404 },
  });
}
