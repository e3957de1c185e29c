import { clientSdkIfLoaded } from './client-sdk';

/**
 * JSON-RPC error codes as numbers, so that comparing one does not load the SDK. SDK 1.x's
 * `ErrorCode` holds the same values (rpc-codes.test.ts); the last two are the codes agents get for a
 * closed connection and a timeout.
 */
export const RPC_ERROR = {
  // JSON-RPC 2.0 §5.1.
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  // From the §5.1 server range: a closed connection, a request that timed out.
  ConnectionClosed: -32000,
  RequestTimeout: -32001,
} as const;

/** What the SDK's ProtocolError carries: a server's JSON-RPC error answer (its code, message, optional data). */
export interface ProtocolErrorLike extends Error {
  readonly code: number;
  readonly data?: unknown;
}

/**
 * A server's JSON-RPC error answer as SDK v2 raises it (ProtocolError and its subclasses, known by
 * the SDK's own check). None can exist before a connection loaded the SDK.
 */
export function isProtocolError(error: unknown): error is ProtocolErrorLike {
  const sdk = clientSdkIfLoaded();
  return sdk !== undefined && sdk.ProtocolError.isInstance(error) && Number.isInteger(error.code);
}
