/**
 * JSON-RPC error codes as numbers, so that comparing one does not load the SDK's types.js (its zod
 * schemas are ~10% of start-up). The SDK's `ErrorCode` holds the same values (rpc-codes.test.ts).
 */
export const RPC_ERROR = {
  // JSON-RPC 2.0 §5.1.
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  // The SDK's own, from the §5.1 server range: a closed connection, a request that timed out.
  ConnectionClosed: -32000,
  RequestTimeout: -32001,
} as const;

/** What the SDK's McpError carries (`MCP error <code>: <message>`, the code, optional data). */
export interface McpErrorLike extends Error {
  readonly code: number;
  readonly data?: unknown;
}

/**
 * `instanceof McpError` without importing the class: the SDK names every McpError (and its
 * subclasses) `McpError` and gives it an integer code.
 */
export function isMcpError(error: unknown): error is McpErrorLike {
  return error instanceof Error && error.name === 'McpError' && Number.isInteger((error as { code?: unknown }).code);
}
