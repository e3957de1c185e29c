import { retryWhenCut, type FetchLike } from '../net';
import { LISTINGS } from './listing-depth-fetch';
import { sentRequestOf } from './message-bound';

/**
 * Requests that only read (MCP 2025-11-25 server/*, and 2026-07-28's `server/discover`): the server
 * answering one twice changes nothing. A call, a subscription and `initialize` are not among them.
 */
const REPEATABLE: ReadonlySet<string> = new Set([...LISTINGS, 'ping', 'server/discover', 'prompts/get', 'resources/read']);

/** A POST of one JSON-RPC request that only reads. A GET is the listen stream, which the SDK reopens itself. */
function readsOnly(init: RequestInit | undefined): boolean {
  const sent = init?.method === 'POST' ? sentRequestOf(init) : undefined;
  return sent !== undefined && REPEATABLE.has(sent.method);
}

/**
 * `fetch` for an MCP server's transport that sends a request once more when its connection was cut
 * before any answer and the request only reads (see retryWhenCut). A call is never sent twice: the
 * server may have done it.
 */
export function cutRetryFetch(fetch: FetchLike): FetchLike {
  return retryWhenCut(fetch, readsOnly);
}
