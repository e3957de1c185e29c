/**
 * Every listing of the bridge is one page: it never gives a `nextCursor`, so a cursor an agent sends
 * is none of ours, and answering the first page again would have a client that pages loop or list
 * twice. MCP 2025-11-25 server/utilities/pagination: an invalid cursor SHOULD be -32602.
 */
export function refuseCursor(params: unknown): void {
  const cursor = typeof params === 'object' && params !== null ? (params as { cursor?: unknown }).cursor : undefined;
  if (cursor === undefined) return;
  throw Object.assign(new Error('Invalid params: cursor: this bridge lists everything on one page and gave no cursor; list again without one'), { code: -32602 });
}
