import type { FetchLike } from '../net';
import { LISTINGS } from './listing-depth-fetch';
import { sentRequestOf } from './message-bound';
import { networkCode } from './unreachable';

/**
 * Requests that only read (MCP 2025-11-25 server/*, and 2026-07-28's `server/discover`): the server
 * answering one twice changes nothing. A call, a subscription and `initialize` are not among them.
 */
const REPEATABLE: ReadonlySet<string> = new Set([...LISTINGS, 'ping', 'server/discover', 'prompts/get', 'resources/read']);

/** How a connection ends before any answer: reset, written to after the server closed it, or closed. */
const CUT = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** One turn of the event loop: the close of every other connection the server ended is seen first, so the second try gets a live one. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * `fetch` for an MCP server's transport that sends a request once more when its connection was cut
 * before any answer and the request only reads. The race it answers: a kept-alive connection the
 * server closes as idle just as our next request goes out on it (RFC 9112 §9.3.1 allows the retry
 * where the request is known to be safe to repeat; RFC 9110 §9.2.2). A busy process sees the server's
 * close late and reuses the connection. Once only: a server that cuts every request still fails it.
 */
export function cutRetryFetch(fetch: FetchLike): FetchLike {
  return async (url, init) => {
    try {
      return await fetch(url, init);
    } catch (error) {
      const code = networkCode(error);
      if (code === undefined || !CUT.has(code) || init?.signal?.aborted === true) throw error;
      const sent = init?.method === 'POST' ? sentRequestOf(init) : undefined;
      if (sent === undefined || !REPEATABLE.has(sent.method)) throw error;
      await nextTurn();
      return fetch(url, init);
    }
  };
}
