import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolRequestSchema, JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolRequest, CallToolResult, RequestId, ServerNotification } from '@modelcontextprotocol/server';

/** What a JSON-RPC message is (JSON-RPC 2.0 §4, §5), known from its shape once its schema passed. */
export type RpcKind = 'request' | 'notification' | 'response';

export function rpcKind(message: object): RpcKind {
  if ('method' in message) return 'id' in message ? 'request' : 'notification';
  return 'response';
}

/** Hands one checked message to the SDK's handler for its kind. */
export type Deliver = (message: JSONRPCMessage, kind: RpcKind, extra: MessageExtraInfo) => void;

type Entry = (this: object, message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

/**
 * The SDK Protocol's own entry per kind (`_onrequest`, `_onnotification`, `_onresponse`), or
 * undefined when this SDK has none (then the transport's `onmessage` is used). `connect()` sets an
 * `onmessage` that tells the kind by running the SDK's type guards, three zod parses per request, two
 * of them failing (their issues are the costly part); our transport has already checked each message
 * against the one schema its shape allows, so it knows the kind, and the guards would say the same.
 */
export function directDelivery(protocol: object): Deliver | undefined {
  const entries = protocol as { _onrequest?: unknown; _onnotification?: unknown; _onresponse?: unknown };
  const { _onrequest: request, _onnotification: notification, _onresponse: response } = entries;
  if (typeof request !== 'function' || typeof notification !== 'function' || typeof response !== 'function') return undefined;
  const onRequest = request as Entry;
  const onNotification = notification as Entry;
  const onResponse = response as Entry;
  return (message, kind, extra) => {
    if (kind === 'request') onRequest.call(protocol, message, extra);
    else if (kind === 'notification') onNotification.call(protocol, message);
    else onResponse.call(protocol, message);
  };
}

/** What a tools/call handler reads of the SDK's extra: the request's id, cancellation, and related notifications. */
export interface ToolCallExtra {
  readonly requestId: RequestId;
  readonly signal: AbortSignal;
  sendNotification(notification: ServerNotification): Promise<void>;
}

/** The handler in the v2 types the bridge's call logic speaks; the session's SDK 1.x carries the same JSON. */
type ToolCallHandler = (request: CallToolRequest, extra: ToolCallExtra) => Promise<CallToolResult>;

/**
 * Registers the tools/call handler as Protocol registers any handler (the request parsed once), not
 * through Server's override, which parses each request a second time and each result again. A result
 * here is the pool's, already parsed with the SDK's CallToolResultSchema (pool/slot-calls.ts), or one
 * of ours. The override's task branch is never reached: the bridge declares no tasks, so Protocol
 * refuses a task-augmented call before any handler runs.
 */
export function onToolCall(server: Server, protocol: typeof Protocol, schema: typeof CallToolRequestSchema, handler: ToolCallHandler): void {
  protocol.prototype.setRequestHandler.call(server, schema, handler);
}
