import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/server';
import { CodedError } from '../../shared/errors';
import { agentError, rpcError, type RpcError } from './agent-errors';

/**
 * What a request still in flight when the bridge stops is answered with, before its stream closes:
 * a client whose answer stream merely ends keeps waiting (MCP 2025-11-25 basic/transports §Streamable
 * HTTP: a closed stream is not a cancellation, and no event store lets it resume). `server_unavailable`
 * (-32013), as the audit records such a call.
 */
export function bridgeStopping(): RpcError {
  return rpcError(
    agentError(
      // Not "retry": a tool call may have run on the service already (a mail sent), and only its answer was lost.
      new CodedError('server_unavailable', 'the Connected Services bridge is stopping, so no answer to this request will come; a tool it called may already have run', {
        hint: 'once Connected Services is running again, check whether the call took effect before repeating it',
      }),
    ),
  );
}

/** bridgeStopping as the JSON-RPC response to request `id`. */
export function stoppingAnswer(id: RequestId): JSONRPCMessage {
  const error = bridgeStopping();
  return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, data: error.data } };
}
