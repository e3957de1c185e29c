import type { ServerNotification } from '@modelcontextprotocol/server';
import type { ServerContext } from '@modelcontextprotocol/server';
import type { Extra } from './call-gate';

/**
 * The one adapter from an SDK v2 handler's context to what the bridge's call logic takes (call-gate.ts
 * `Extra`): the request's cancellation, and notifications related to it (progress), which upgrade the
 * 2026-07-28 response to an SSE stream (MCP 2026-07-28 basic/transports §Streamable HTTP).
 */
export function modernExtra(ctx: ServerContext): Extra {
  return {
    signal: ctx.mcpReq.signal,
    sendNotification: (notification: ServerNotification) => ctx.mcpReq.notify(notification),
  };
}
