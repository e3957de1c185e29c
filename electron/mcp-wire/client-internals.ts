/** The SDK v2 Client's private member a direct tools/call needs (core-internal shared/protocol `_requestMessageId`), checked at run time. */
export interface ClientParts {
  /** The next JSON-RPC id, taken so the SDK never hands it out again. */
  takeRequestId(): number;
  /** The id the next request will get: every id below it was sent. */
  nextRequestId(): number;
}

interface ClientInternals {
  _requestMessageId?: unknown;
}

/** The parts, or undefined when this SDK's Client lacks one (then every call takes the SDK's path). */
export function clientParts(client: object): ClientParts | undefined {
  const internals = client as ClientInternals;
  if (typeof internals._requestMessageId !== 'number') return undefined;
  return {
    takeRequestId: () => {
      const id = internals._requestMessageId as number;
      internals._requestMessageId = id + 1;
      return id;
    },
    nextRequestId: () => internals._requestMessageId as number,
  };
}

/**
 * Whether the SDK Protocol still waits for the answer to request `id` (core-internal shared/protocol
 * `_responseHandlers`, an IdTable or a Map keyed by the numeric id): false once it was answered,
 * timed out or cancelled, and where this SDK keeps no such table.
 */
export function awaitsAnswer(protocol: object, id: string | number): boolean {
  const table = (protocol as { _responseHandlers?: unknown })._responseHandlers;
  const has = (table as { has?: unknown } | undefined)?.has;
  return typeof has === 'function' && (has as (key: number) => boolean).call(table, Number(id)) === true;
}
