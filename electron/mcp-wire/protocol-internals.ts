/** A JSON-RPC id (JSON-RPC 2.0 §4). */
type RequestId = string | number;

/**
 * The SDK's private members we read or replace, by name: every one lives in this folder, so the
 * next SDK that renames or drops one breaks here, in the contract test beside this file
 * (sdk-internals.test.ts, modern-internals.test.ts, answer-ids.test.ts), not somewhere on an agent's call. A check outside this folder
 * (no-private-members.test.ts) keeps it the only place. All but the last three are SDK v2's Protocol
 * (core-internal shared/protocol), which `Server` and `Client` of `@modelcontextprotocol/server`
 * and `/client` extend; those three are the Client's (its tools/list cache: tool-listing.ts).
 */
export const SDK_PRIVATE_MEMBERS = [
  '_requestHandlers',
  '_requestHandlerAbortControllers',
  '_responseHandlers',
  '_progressHandlers',
  '_timeoutInfo',
  '_onerror',
  '_onrequest',
  '_onnotification',
  '_onresponse',
  '_requestMessageId',
  '_negotiatedProtocolVersion',
  '_wireCodec',
  '_outboundServerInfo',
  '_invokeInputRequiredCapableHandler',
  '_cache',
  '_freshness',
  '_excludeInvalidXMcpHeaderTools',
] as const;

/** A request handler as the SDK's Protocol keeps it (`_requestHandlers`): the request, and the handler's context. */
export type ProtocolHandler = (request: never, ctx: unknown) => unknown;

/** The Protocol's handlers by method, or undefined when this SDK keeps none there. */
export function requestHandlers(protocol: object): Map<string, ProtocolHandler> | undefined {
  const handlers = (protocol as { _requestHandlers?: unknown })._requestHandlers;
  return handlers instanceof Map ? (handlers as Map<string, ProtocolHandler>) : undefined;
}

/** Something Protocol aborts when its request is cancelled or the connection closes. */
export interface Abortable {
  abort(reason?: unknown): void;
}

/** What Protocol does with its requests in flight (get, set, delete, iterate, clear): a Map, or an IdTable (per-request-tables.ts). */
export interface RunningTable {
  get(id: RequestId): Abortable | undefined;
  set(id: RequestId, controller: Abortable): unknown;
  delete(id: RequestId): boolean;
  values(): Iterable<Abortable>;
  clear(): void;
}

/** The Protocol's requests in flight (`_requestHandlerAbortControllers`), or undefined when this SDK has no such table. */
export function runningRequests(protocol: object): RunningTable | undefined {
  const table = (protocol as { _requestHandlerAbortControllers?: unknown })._requestHandlerAbortControllers;
  if (table === null || typeof table !== 'object') return undefined;
  const candidate = table as Partial<Record<keyof RunningTable, unknown>>;
  return ['get', 'set', 'delete', 'values', 'clear'].every((m) => typeof candidate[m as keyof RunningTable] === 'function') ? (table as RunningTable) : undefined;
}

/** Protocol's own error report (`_onerror`: to `onerror` if set), or undefined. */
export function errorReporter(protocol: object): ((error: Error) => void) | undefined {
  const report = (protocol as { _onerror?: unknown })._onerror;
  return typeof report === 'function' ? (error) => void (report as (error: Error) => void).call(protocol, error) : undefined;
}
