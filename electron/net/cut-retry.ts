import type { FetchLike } from './fetch-like';
import { errorChain, errorCode } from './network-failure';

/** How a connection ends before any answer: reset, written to after the server closed it, or closed. */
const CUT = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** Node's fetch throws "fetch failed" with the socket's error as its cause (a few deep under wrappers). */
function wasCut(error: unknown): boolean {
  return errorChain(error).some((e) => CUT.has(errorCode(e) ?? ''));
}

/** One turn of the event loop: the close of every other connection the server ended is seen first, so the second try gets a live one. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * `fetch` that sends a request once more when its connection was cut before any answer and
 * `repeatable` says the server doing it twice changes nothing. The race it answers: a kept-alive
 * connection the server closes as idle just as our next request goes out on it (RFC 9112 §9.3.1
 * allows the retry for a request known to be idempotent; RFC 9110 §9.2.2). A busy process sees the
 * server's close late and reuses the connection. Once only: a server that cuts every request still
 * fails it; a request its caller gave up on is not sent again.
 */
export function retryWhenCut(fetch: FetchLike, repeatable: (init: RequestInit | undefined) => boolean): FetchLike {
  return async (url, init) => {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (!wasCut(error) || init?.signal?.aborted === true || !repeatable(init)) throw error;
      await nextTurn();
      return fetch(url, init);
    }
  };
}

/** GET and HEAD: safe methods, which only read (RFC 9110 §9.2.1). */
export function safeMethod(init: RequestInit | undefined): boolean {
  const method = (init?.method ?? 'GET').toUpperCase();
  return method === 'GET' || method === 'HEAD';
}
