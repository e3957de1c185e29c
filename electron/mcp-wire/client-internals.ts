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
