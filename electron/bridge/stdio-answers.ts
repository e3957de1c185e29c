import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';
import { DEFAULT_MAX_BODY_BYTES } from './http-body';
import { isSchemaError } from './invalid-params';

/**
 * The answer to a line that is no message (JSON-RPC 2.0 §5.1): -32700 when it is not JSON, -32600 when
 * it is not JSON-RPC; with no id to answer, none is given (MCP: an error's id is optional). Other
 * errors of the input (the stream's own) answer nothing.
 */
export function unreadableLine(error: unknown): JSONRPCMessage | undefined {
  if (error instanceof SyntaxError) return { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the line is not JSON' } };
  if (isSchemaError(error)) {
    return { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: the line is not a JSON-RPC message' } };
  }
  return undefined;
}

/**
 * A line is bounded as the bridge bounds a request body: a longer one would be refused there (413), and
 * reading it whole would hold it in memory (the SDK's own buffer, once full, stops reading for good).
 */
export const MAX_LINE_BYTES = DEFAULT_MAX_BODY_BYTES;

/** The answer to a line over the bound, as the bridge answers a body over its own (-32600); its id was never read. */
export function overlongLine(maxLine: number): JSONRPCMessage {
  return { jsonrpc: '2.0', error: { code: -32600, message: `Payload Too Large: a line is limited to ${maxLine} bytes` } };
}

/** The request a `notifications/cancelled` names, if `msg` is one. */
export function cancelledRequest(msg: JSONRPCMessage): RequestId | undefined {
  if (!('method' in msg) || msg.method !== 'notifications/cancelled' || 'id' in msg) return undefined;
  const id: unknown = msg.params?.['requestId'];
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/**
 * What the shim says on stderr of a line it could not read: the kind of fault in a few words, as its
 * answer to the client says, not the schema's dump of every issue.
 */
export function unreadableNotice(error: unknown): string | undefined {
  if (error instanceof SyntaxError) return 'a line is not JSON';
  if (isSchemaError(error)) return 'a line is not a JSON-RPC message';
  return undefined;
}
