import type { JSONRPCMessage, JSONRPCRequest, MessageExtraInfo, RequestId, RequestOptions, ServerContext, ServerNotification, ServerRequest, Transport } from '@modelcontextprotocol/server';
import { carriesWireMaterial, errorReporter, legacyErrorCode, registeredHere, requestHandlers, runningRequests, useIdTables, type RunningTable } from '../mcp-wire';
import { cancellationOf, LazyAbort, type Cancellation, type LogLevel } from '../pool';
import { errorMessage } from '../../shared/errors';
import type { Extra } from './call-gate';
import { answerStreamsOf } from './stopped-waiting';

/** Takes one request past the SDK's Protocol; false when it is not the lane's (then the SDK answers it). */
export type Lane = (message: JSONRPCMessage, info: MessageExtraInfo) => boolean;

type Handler = (request: JSONRPCRequest, ctx: unknown) => Promise<unknown>;

/** The parts of the SDK's Protocol the lane uses: its public senders, and its internals through the seam (mcp-wire). */
interface ProtocolParts {
  handlers: Map<string, Handler>;
  /** A Map in the SDK; an IdTable once the lane is set up (useIdTables). */
  running: RunningTable;
  reportError(error: Error): void;
  readonly transport: Transport | undefined;
  notification(notification: ServerNotification, options?: { relatedRequestId?: RequestId }): Promise<void>;
  request(request: ServerRequest, options?: RequestOptions): Promise<unknown>;
}

/**
 * One tools/call as SDK v2's Protocol `_onrequest` runs it, in the shape of the handler context it
 * builds (`ServerContext`, the parts a handler of ours reads: `sessionId`, `mcpReq`), and the
 * bridge's `Extra` itself (call-gate.ts). The AbortController is made only if something reads
 * `signal` (the bridge's own handler listens on the call itself: `callCancellation`); Protocol
 * aborts it as its own (it sits in `_requestHandlerAbortControllers`, where `_oncancel` and
 * `_onclose` call `abort`), and an aborted call answers nothing.
 */
class LaneCall extends LazyAbort implements Extra {
  readonly id: RequestId;
  readonly method = 'tools/call';
  readonly sessionId: string | undefined;
  /** The session's log level, set by sessionExtra when the bridge's handler takes the call. */
  logLevel: LogLevel | undefined;
  readonly #request: JSONRPCRequest;
  readonly #protocol: ProtocolParts;

  constructor(protocol: ProtocolParts, request: JSONRPCRequest, sessionId: string | undefined) {
    super();
    this.#protocol = protocol;
    this.#request = request;
    this.id = request.id;
    this.sessionId = sessionId;
  }

  /** The context's request part is the call itself. */
  get mcpReq(): this {
    return this;
  }

  get _meta(): unknown {
    return this.#request.params?._meta;
  }

  /** As the SDK's `notify`: related to this call, sent whether or not it was cancelled (made when read: most calls send nothing). */
  get notify(): (notification: ServerNotification) => Promise<void> {
    return (notification) => this.#protocol.notification(notification, { relatedRequestId: this.id });
  }

  get sendNotification(): (notification: ServerNotification) => Promise<void> {
    return this.notify;
  }

  /** Its POST's answer stream closing first (http-transport.ts `answerGone`), where the transport tells. */
  get stoppedWaiting(): () => AbortSignal | undefined {
    return () => answerStreamsOf(this.#protocol.transport)?.answerGone(this.id);
  }

  /** As the SDK's `send`: a request to the client, related to this call (its result checked by the SDK's schema for the method). */
  get send(): (request: ServerRequest, options?: RequestOptions) => Promise<unknown> {
    return (request, options) => this.#protocol.request(request, { ...options, relatedRequestId: this.id });
  }
}

/** Protocol's error answer for whatever a handler threw (`_onrequest`: code if an integer, else -32603, through the 2025 codec). */
function errorAnswer(id: RequestId, thrown: unknown): JSONRPCMessage {
  // Property access throws on null/undefined, as in Protocol, where that ends up in onerror.
  const error = thrown as { code?: unknown; message?: string; data?: unknown };
  const code = error.code;
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: legacyErrorCode(typeof code === 'number' && Number.isSafeInteger(code) ? code : -32603),
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
      // Key order as Protocol builds it, so the bytes on the wire are the same; the 2025 codec passes a tools/call result as it is.
      answer = { result, jsonrpc: '2.0', id } as JSONRPCMessage;
    } catch (error) {
      if (call.aborted) return;
      answer = errorAnswer(id, error);
    }
    await transport?.send(answer);
  } catch (error) {
    // In our words, not the SDK's "Failed to send response: <class>: …": the reason alone.
    protocol.reportError(new Error(`Could not send the answer to tools/call ${JSON.stringify(id)} to the agent: ${errorMessage(error)}`));
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
    get transport() {
      return senders.transport;
    },
    notification: (n, options) => notification.call(protocol, n, options),
    request: (r, options) => request.call(protocol, r, options),
  };
}

/**
 * The fast lane of tools/call, the one request an agent repeats, on a legacy (2025-era) session:
 * the handler registered for it (mcp-wire `onParsedRequest`, which parses the request as on the
 * SDK's path) is called with the context Protocol's `_onrequest` would build, and its result or
 * error is answered as `_onrequest` answers it through the 2025 codec (mcp-wire legacy-codec.ts),
 * without the AbortController made per request, the closures and the promise chain. Calls that
 * carry a task or 2026-07-28 wire material keep the SDK's path; so does everything else.
 * Undefined when the SDK's internals differ.
 */
export function toolCallLane(protocol: object): Lane | undefined {
  const parts = protocolParts(protocol);
  if (!parts) return undefined;
  // Every request in flight has an entry in these, set and deleted per call (mcp-wire/per-request-tables.ts).
  useIdTables(protocol);
  parts.running = runningRequests(protocol) ?? parts.running;
  return (message) => {
    if (!('method' in message) || message.method !== 'tools/call' || !('id' in message)) return false;
    if (carriesWireMaterial(message.params)) return false;
    // Only a handler registered through the seam takes the lane's context; the SDK's own need its full one.
    const handler = parts.handlers.get('tools/call');
    if (!handler || !registeredHere(handler)) return false;
    const transport = parts.transport;
    const call = new LaneCall(parts, message, transport?.sessionId);
    parts.running.set(message.id, call);
    void run(parts, handler, call, message, transport);
    return true;
  };
}

/** The call's cancellation: a lane's own (no AbortSignal made), else the signal Protocol made for it. */
export function callCancellation(extra: { readonly signal: AbortSignal; readonly cancellation?: Cancellation | undefined }): Cancellation {
  if (extra instanceof LaneCall) return extra;
  return extra.cancellation ?? cancellationOf(extra.signal);
}

/**
 * What the bridge's call logic takes (call-gate.ts `Extra`) from a legacy session's handler context
 * (the lane's call is one already), with the session's log level (log-forwarding.ts sessionLevel).
 */
export function sessionExtra(ctx: ServerContext, logLevel: LogLevel, transport?: unknown): Extra {
  if (ctx instanceof LaneCall) {
    ctx.logLevel = logLevel;
    return ctx;
  }
  const id = ctx.mcpReq.id;
  return { signal: ctx.mcpReq.signal, logLevel, sendNotification: (notification) => ctx.mcpReq.notify(notification), stoppedWaiting: () => answerStreamsOf(transport)?.answerGone(id) };
}

/** The id of the request a legacy session's handler serves. */
export function requestIdOf(ctx: ServerContext): RequestId {
  return ctx.mcpReq.id;
}
