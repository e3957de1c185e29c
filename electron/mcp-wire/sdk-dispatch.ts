import type { JSONRPCMessage, MessageExtraInfo, Transport } from '@modelcontextprotocol/server';
import { requestHandlers } from './protocol-internals';

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
 * `onmessage` that tells the kind by running the SDK's type guards, a schema parse per guard; our
 * transport has already checked each message against the one schema its shape allows, so it knows
 * the kind, and the guards would say the same.
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
    else if (kind === 'notification') onNotification.call(protocol, message, extra);
    else onResponse.call(protocol, message);
  };
}

/**
 * Makes every transport the Protocol connects to hand its requests and notifications to the
 * Protocol's own entries (directDelivery) rather than through the `onmessage` that connect() set,
 * whose type guards fail zod parses that keep each message through young collections
 * (guard-generations.test.ts). For servers of createMcpHandler: its per-request transport delivers
 * only the message its classification passed as a JSON-RPC request or notification, so the kind from
 * the shape is the guards' own; anything else still takes connect()'s `onmessage`. False (nothing
 * changed) when this SDK has no such entries.
 */
export function deliverOnConnect(protocol: { connect(transport: Transport): Promise<void> }): boolean {
  const deliver = directDelivery(protocol);
  if (!deliver) return false;
  const connect = protocol.connect.bind(protocol);
  protocol.connect = async (transport: Transport): Promise<void> => {
    await connect(transport);
    const guarded = transport.onmessage;
    if (!guarded) return;
    transport.onmessage = (message, extra) => {
      const kind = rpcKind(message);
      if (kind === 'response') guarded(message, extra);
      else deliver(message, kind, extra as MessageExtraInfo);
    };
  };
  return true;
}

/** A request schema: anything with a throwing `parse` (the SDK's zod schemas of `@modelcontextprotocol/core`). */
export interface RequestSchema<R> {
  parse(value: unknown): R;
}

/** The handlers this seam put in a Protocol's table: they take the lane's context as well as the SDK's. */
const registered = new WeakSet<object>();

/**
 * Registers a handler as SDK 1.x's Protocol registered one: the request parsed once with its schema,
 * a schema error given to `refuse` (the bridge answers it -32602 naming the field, invalid-params.ts)
 * or thrown as it is. SDK v2's `setRequestHandler` parses with its wire codec and throws a plain
 * Error carrying the schema library's dump, and Server wraps `tools/call` to parse each request a
 * second time and each result again. A result here is the pool's, already parsed with the SDK's
 * CallToolResultSchema (pool/slot-calls.ts), or one of ours. The handler gets the SDK's context
 * (`ServerContext`), or the tools/call lane's (electron/bridge/tool-call-lane.ts), which reads
 * only what the SDK's context carries. False when this SDK keeps no handler table (then nothing is
 * registered).
 */
export function onParsedRequest<R, C>(
  protocol: object,
  method: string,
  schema: RequestSchema<R>,
  handler: (request: R, ctx: C) => unknown,
  refuse: (schemaError: unknown) => unknown = (error) => error,
): boolean {
  const handlers = requestHandlers(protocol);
  if (!handlers) return false;
  const stored = (request: unknown, ctx: unknown): unknown => {
    let parsed: R;
    try {
      parsed = schema.parse(request);
    } catch (error) {
      throw refuse(error);
    }
    return handler(parsed, ctx as C);
  };
  registered.add(stored);
  handlers.set(method, stored);
  return true;
}

/** Whether a handler of a Protocol's table was registered here (the SDK's own ones need the SDK's context). */
export function registeredHere(handler: unknown): boolean {
  return typeof handler === 'function' && registered.has(handler);
}
