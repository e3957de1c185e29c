import type { NotificationOptions, RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, JSONRPCRequest, MessageExtraInfo, RequestId, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { errorReporter, hasTaskStore, requestHandlers, runningRequests, useIdTables, type RunningTable } from '../mcp-wire';
import { cancellationOf, LazyAbort, type Cancellation } from '../pool';
import type { SdkTypes } from './server-sdk';

/** Takes one request past the SDK's Protocol; false when it is not the lane's (then the SDK answers it). */
export type Lane = (message: JSONRPCMessage, info: MessageExtraInfo) => boolean;

type Handler = (request: JSONRPCRequest, extra: unknown) => Promise<unknown>;
type Schema = Parameters<ProtocolParts['request']>[1];

/** The parts of the SDK's Protocol the lane uses: its public senders, and its internals through the seam (mcp-wire). */
interface ProtocolParts {
  handlers: Map<string, Handler>;
  /** A Map in the SDK; an IdTable once the lane is set up (useIdTables). */
  running: RunningTable;
  reportError(error: Error): void;
  readonly protocol: object;
  readonly transport: Transport | undefined;
  notification(notification: ServerNotification, options?: NotificationOptions): Promise<void>;
  request(request: ServerRequest, schema: never, options?: RequestOptions): Promise<unknown>;
}

type Types = Pick<SdkTypes, 'McpError' | 'ErrorCode' | 'RELATED_TASK_META_KEY'>;

/**
 * One tools/call as Protocol's `_onrequest` runs it, for the extra a handler gets: the AbortController
 * is made only if something reads `signal` (the bridge's own handler listens on the call itself:
 * `callCancellation`), the senders only if read; an aborted call answers nothing. Protocol aborts it
 * as its own (it sits in `_requestHandlerAbortControllers`, where `_oncancel` and `_onclose` call `abort`).
 */
class LaneCall extends LazyAbort {
  readonly requestId: RequestId;
  readonly sessionId: string | undefined;
  readonly #request: JSONRPCRequest;
  readonly #info: MessageExtraInfo;
  readonly #protocol: ProtocolParts;
  readonly #types: Types;

  constructor(protocol: ProtocolParts, types: Types, request: JSONRPCRequest, info: MessageExtraInfo, sessionId: string | undefined) {
    super();
    this.#protocol = protocol;
    this.#types = types;
    this.#request = request;
    this.#info = info;
    this.requestId = request.id;
    this.sessionId = sessionId;
  }

  get _meta(): unknown {
    return this.#request.params?._meta;
  }

  get authInfo(): MessageExtraInfo['authInfo'] {
    return this.#info.authInfo;
  }

  get requestInfo(): MessageExtraInfo['requestInfo'] {
    return this.#info.requestInfo;
  }

  get closeSSEStream(): MessageExtraInfo['closeSSEStream'] {
    return this.#info.closeSSEStream;
  }

  get closeStandaloneSSEStream(): MessageExtraInfo['closeStandaloneSSEStream'] {
    return this.#info.closeStandaloneSSEStream;
  }

  // Protocol sets these for task-related requests; the lane takes none.
  readonly taskId = undefined;
  readonly taskStore = undefined;
  readonly taskRequestedTtl = undefined;

  get sendNotification(): (notification: ServerNotification) => Promise<void> {
    return async (notification) => {
      if (this.aborted) return;
      await this.#protocol.notification(notification, { relatedRequestId: this.requestId });
    };
  }

  get sendRequest(): (request: ServerRequest, schema: Schema, options?: RequestOptions) => Promise<unknown> {
    return async (request, schema, options) => {
      if (this.aborted) throw new this.#types.McpError(this.#types.ErrorCode.ConnectionClosed, 'Request was cancelled');
      return await this.#protocol.request(request, schema, { ...options, relatedRequestId: this.requestId });
    };
  }
}

/** Protocol's error answer for whatever a handler threw (`_onrequest`: code if an integer, else -32603). */
function errorAnswer(id: RequestId, thrown: unknown): JSONRPCMessage {
  // Property access throws on null/undefined, as in Protocol, where that ends up in onerror.
  const error = thrown as { code?: unknown; message?: string; data?: unknown };
  const code = error.code;
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: typeof code === 'number' && Number.isSafeInteger(code) ? code : -32603,
      message: error.message ?? 'Internal error',
      ...(error.data !== undefined && { data: error.data }),
    },
  };
}

async function run(protocol: ProtocolParts, handler: Handler, call: LaneCall, request: JSONRPCRequest, transport: Transport | undefined): Promise<void> {
  const id = request.id;
  try {
    let answer: JSONRPCMessage;
    try {
      const result = await handler(request, call);
      if (call.aborted) return;
      // Key order as Protocol builds it, so the bytes on the wire are the same.
      answer = { result, jsonrpc: '2.0', id } as JSONRPCMessage;
    } catch (error) {
      if (call.aborted) return;
      answer = errorAnswer(id, error);
    }
    await transport?.send(answer);
  } catch (error) {
    protocol.reportError(new Error(`Failed to send response: ${String(error)}`));
  } finally {
    const running = protocol.running;
    if (running.get(id) === call) running.delete(id);
  }
}

/** The parts the lane needs, or undefined when this SDK lacks one (then every request takes the SDK's path). */
function protocolParts(protocol: object): ProtocolParts | undefined {
  const handlers = requestHandlers(protocol);
  const running = runningRequests(protocol);
  const reportError = errorReporter(protocol);
  const senders = protocol as { notification?: unknown; request?: unknown; transport?: Transport };
  if (!handlers || !(running instanceof Map) || !reportError) return undefined;
  if (typeof senders.notification !== 'function' || typeof senders.request !== 'function' || !('transport' in protocol)) return undefined;
  const notification = senders.notification as ProtocolParts['notification'];
  const request = senders.request as ProtocolParts['request'];
  return {
    handlers: handlers as unknown as Map<string, Handler>,
    running,
    reportError,
    protocol,
    get transport() {
      return senders.transport;
    },
    notification: (n, options) => notification.call(protocol, n, options),
    request: (r, schema, options) => request.call(protocol, r, schema, options),
  };
}

/**
 * The fast lane of tools/call, the one request an agent repeats: the SDK's own registered handler
 * (which parses the request with CallToolRequestSchema, as on the SDK's path) is called with the
 * extra Protocol's `_onrequest` would build, and its result or error is answered as `_onrequest`
 * answers it, without the AbortController made per request, the closures and the promise chain.
 * Calls with a `task` or a related task keep the SDK's path (the bridge declares no tasks, so the
 * SDK refuses the first); so does everything else. Undefined when the SDK's internals differ.
 */
export function toolCallLane(protocol: object, types: Types): Lane | undefined {
  const parts = protocolParts(protocol);
  if (!parts) return undefined;
  // Every request in flight has an entry in these, set and deleted per call (mcp-wire/per-request-tables.ts).
  useIdTables(protocol);
  parts.running = runningRequests(protocol) ?? parts.running;
  return (message, info) => {
    if (!('method' in message) || message.method !== 'tools/call' || !('id' in message)) return false;
    const params = message.params;
    if (params && ('task' in params || (params._meta as Record<string, unknown> | undefined)?.[types.RELATED_TASK_META_KEY] !== undefined)) return false;
    const handler = parts.handlers.get('tools/call');
    if (!handler || hasTaskStore(protocol)) return false;
    const transport = parts.transport;
    const call = new LaneCall(parts, types, message, info, transport?.sessionId);
    parts.running.set(message.id, call);
    void run(parts, handler, call, message, transport);
    return true;
  };
}

/** The call's cancellation: the lane's own (no AbortSignal made), else the signal Protocol made for it. */
export function callCancellation(extra: { readonly signal: AbortSignal }): Cancellation {
  return extra instanceof LaneCall ? extra : cancellationOf(extra.signal);
}
