import type { Transport } from '@modelcontextprotocol/client';
import type { JSONRPCErrorResponse, JSONRPCMessage, JSONRPCRequest } from '@modelcontextprotocol/client';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { RPC_ERROR } from './rpc-codes';

/** The request cannot be serialized (a BigInt, a cycle, nesting deeper than the stack): the caller's input. */
export function unsendable(server: string, error: unknown): CodedError {
  const reason = error instanceof RangeError ? 'it is nested too deeply' : error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  return new CodedError('invalid_input', redact(`the request to "${server}" cannot be sent as JSON: ${reason}`), {
    hint: 'send plain JSON values: no BigInt, no cycles, no deep nesting',
    cause: error,
  });
}

export interface SettleOptions {
  server: string;
  /**
   * Serialize once before sending, to tell a value that cannot be sent (`invalid_input`) from a
   * network failure: for transports (the SDK's HTTP one) whose send throws the same TypeError for both.
   */
  checkSerializable?: boolean;
}

/** A request (JSON-RPC 2.0 §4: a method and an id) among the SDK's own messages, which it built valid. */
function isRequest(message: JSONRPCMessage): message is JSONRPCRequest {
  return 'method' in message && 'id' in message;
}

function assertSerializable(server: string, message: JSONRPCMessage): void {
  try {
    JSON.stringify(message);
  } catch (error) {
    throw unsendable(server, error);
  }
}

/**
 * Makes a failed send of a request leave nothing behind in the SDK client.
 *
 * `Protocol.request` (SDK 1.32, shared/protocol.js) registers the response and progress handlers,
 * whose closures hold the whole request, before it calls `transport.send`; when send rejects it
 * clears only the timeout, so those handlers stay in its maps for good (issue 12: 3.5 GB after 30
 * deeply nested calls). Checking arguments before the SDK would cover only values that cannot be
 * serialized, not a closed pipe, a write error or an HTTP failure. So the transport answers the
 * failed request's id with a JSON-RPC error, as a server would: the SDK's own response path
 * (`_onresponse`) then removes everything it registered. The answer comes a turn later, after the
 * SDK has rejected the request with the send's own error (a CodedError with its hint, which is what
 * the caller gets); the answer's rejection of the settled promise is a no-op.
 */
export function settleFailedSends<T extends Transport>(transport: T, options: SettleOptions): T {
  const send = transport.send.bind(transport);
  transport.send = async (message, sendOptions) => {
    try {
      if (options.checkSerializable === true) assertSerializable(options.server, message);
      await send(message, sendOptions);
    } catch (error) {
      if (isRequest(message)) {
        const answer: JSONRPCErrorResponse = {
          jsonrpc: '2.0',
          id: message.id,
          error: { code: RPC_ERROR.InternalError, message: 'the request could not be sent' },
        };
        setImmediate(() => transport.onmessage?.(answer));
      }
      throw error;
    }
  };
  return transport;
}
