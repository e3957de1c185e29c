import type { JSONRPCErrorResponse } from '@modelcontextprotocol/client';
import type { FetchLike } from '../net';
import { redact } from '../../shared/redact';
import { MAX_MESSAGE_DEPTH } from './listing-depth';
import { RPC_ERROR } from './rpc-codes';

/** Headers the SDK derives from one request's body (its method, its name), or a GET's resumption: an answer carries none. */
const REQUEST_ONLY_HEADERS = ['mcp-method', 'mcp-name', 'last-event-id'];

/** Our error answer to a server's request we would not read for its depth (JSON-RPC 2.0 §5.1: not a valid request to us). */
export function deepRequestAnswer(id: string | number): JSONRPCErrorResponse {
  return { jsonrpc: '2.0', id, error: { code: RPC_ERROR.InvalidRequest, message: `Request nested deeper than ${MAX_MESSAGE_DEPTH} levels; it was not read` } };
}

/** Refusals in flight at once per connection: a stream of many small deep requests would otherwise open as many POSTs. */
export const MAX_REFUSALS_IN_FLIGHT = 4;

/** A connection's refusals of deep requests, at most MAX_REFUSALS_IN_FLIGHT in flight at once. */
export class DeepRequestRefusals {
  #inFlight = 0;
  readonly #fetch: FetchLike;
  readonly #server: string;
  readonly #log: (line: string) => void;

  constructor(fetch: FetchLike, server: string, log: (line: string) => void) {
    this.#fetch = fetch;
    this.#server = server;
    this.#log = log;
  }

  /** The refuser of one stream's requests: past the bound a request is left unanswered, logged once for the stream. */
  forStream(url: string | URL, init: RequestInit | undefined): (id: string | number) => void {
    let told = false;
    return (id) => {
      if (this.#inFlight >= MAX_REFUSALS_IN_FLIGHT) {
        if (!told) this.#log(redact(`[${this.#server}] sent more requests nested too deep than ${MAX_REFUSALS_IN_FLIGHT} refusals in flight; more were not answered`));
        told = true;
        return;
      }
      this.#inFlight++;
      void refuseDeepRequest(this.#fetch, url, init, id, this.#server, this.#log).finally(() => this.#inFlight--);
    };
  }
}

/**
 * Answers a server's request that was left out unread for its depth, so the server does not wait on
 * it forever. Sent as the SDK sends any answer to a server's request: a POST of its own to the
 * endpoint, with the headers of the request whose stream carried it, so its session id, protocol
 * version and authorization (MCP 2025-11-25 basic/transports §Sending Messages to the Server,
 * §Session Management, §Protocol Version Header). The server owes it no body (202 Accepted); a
 * failure to send is logged, the stream read on; an abort (the request's signal, at close) is not.
 */
export async function refuseDeepRequest(fetch: FetchLike, url: string | URL, init: RequestInit | undefined, id: string | number, server: string, log: (line: string) => void): Promise<void> {
  const headers = new Headers(init?.headers);
  for (const name of REQUEST_ONLY_HEADERS) headers.delete(name);
  headers.set('content-type', 'application/json');
  // A GET's stream carried it: its Accept names only SSE, a POST's must name both (§Sending Messages to the Server).
  headers.set('accept', 'application/json, text/event-stream');
  try {
    const response = await fetch(url, { ...init, method: 'POST', headers, body: JSON.stringify(deepRequestAnswer(id)) });
    await response.body?.cancel();
    if (!response.ok) log(redact(`[${server}] refused its request ${JSON.stringify(id)} nested too deep, but the server did not take the answer (HTTP ${response.status})`));
  } catch (error) {
    if (init?.signal?.aborted === true || (error instanceof Error && error.name === 'AbortError')) return;
    log(redact(`[${server}] refused its request ${JSON.stringify(id)} nested too deep, but the answer could not be sent: ${error instanceof Error ? error.message : String(error)}`));
  }
}
