import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/server';
import { RPC_ERROR } from '../pool';

/**
 * The answer to a request whose id a request still in flight in the same session holds. MCP
 * 2025-11-25 basic §Requests: an id MUST NOT have been used before by the requestor in the session.
 * The first keeps its POST (an approval it waits for still reaches it); only the newer is refused.
 */
export function reusedIdAnswer(id: RequestId): JSONRPCMessage {
  const message = `request id ${JSON.stringify(id)} is already used by a request of this session still in flight`;
  return {
    jsonrpc: '2.0',
    id,
    error: { code: RPC_ERROR.InvalidRequest, message, data: { code: 'invalid_input', message, hint: 'Send each request of a session with an id of its own.' } },
  };
}
