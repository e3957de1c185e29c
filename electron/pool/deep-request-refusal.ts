import type { JSONRPCErrorResponse } from '@modelcontextprotocol/client';
import type { FetchLike } from '../net';
import { MAX_MESSAGE_DEPTH } from './listing-depth';
import { RPC_ERROR } from './rpc-codes';

/** Headers the SDK derives from one request's body (its method, its name), or a GET's resumption: an answer carries none. */
const REQUEST_ONLY_HEADERS = ['mcp-method', 'mcp-name', 'last-event-id'];

/** Our error answer to a server's request we would not read for its depth (JSON-RPC 2.0 §5.1: not a valid request to us). */
export function deepRequestAnswer(id: string | number): JSONRPCErrorResponse {
  return { jsonrpc: '2.0', id, error: { code: RPC_ERROR.InvalidRequest, message: `Request nested deeper than ${MAX_MESSAGE_DEPTH} levels; it was not read` } };
}

/**
 * Answers a server's request that was left out unread for its depth, so the server does not wait on
 * it forever. Sent as the SDK sends any answer to a server's request: a POST of its own to the
 * endpoint, with the headers of the request whose stream carried it, so its session id, protocol
 * version and authorization (MCP 2025-11-25 basic/transports §Sending Messages to the Server,
 * §Session Management, §Protocol Version Header). The server owes it no body (202 Accepted); a
 * failure to send is logged, the stream read on.
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
    if (!response.ok) log(`[${server}] refused its request ${JSON.stringify(id)} nested too deep, but the server did not take the answer (HTTP ${response.status})`);
  } catch (error) {
    log(`[${server}] refused its request ${JSON.stringify(id)} nested too deep, but the answer could not be sent: ${error instanceof Error ? error.message : String(error)}`);
  }
}
