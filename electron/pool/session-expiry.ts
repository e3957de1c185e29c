import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import type { FetchLike } from '../net';

/** What the server said of a 2025-11-25 session, as its HTTP answers show it (connection.ts). */
export interface SessionNews {
  /** HTTP 404 for its id: the server no longer knows it. */
  expired(): void;
  /** Its GET stream was answered 200: the server knew the session then. */
  streamOpened(): void;
}

/**
 * Notes the end of a 2025-11-25 session: a server that terminated one MUST answer a request carrying
 * its `Mcp-Session-Id` with HTTP 404, and the client MUST then start a new session (MCP 2025-11-25
 * Transports §Session Management). Told for a POST or the GET stream; the DELETE that ends the
 * session ourselves may be answered 404 and is no news. The GET stream's opening is told too.
 */
export function sessionExpiryFetch(fetch: FetchLike, news: SessionNews): FetchLike {
  return async (url, init) => {
    const response = await fetch(url, init);
    if (!new Headers(init?.headers).has('mcp-session-id')) return response;
    if (response.status === 404 && init?.method !== 'DELETE') news.expired();
    else if (response.ok && init?.method === 'GET') news.streamOpened();
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

/** The GET stream found one session after another forgotten, each having served us only a moment: no further one. */
export function sessionsKeptForgotten(server: string, count: number, windowMs: number): CodedError {
  return new CodedError('server_unavailable', redact(`"${server}" forgot ${count} sessions within ${windowMs / 1000} s, each soon after it started: no further session is started`), {
    hint: redact(`the server (or a proxy in front of it, such as a load balancer without sticky sessions) does not keep its sessions; check it, then start "${server}" again`),
    data: { status: 404 },
  });
}
