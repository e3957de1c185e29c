import type { ServerNotification } from '@modelcontextprotocol/server';
import type { ServerContext } from '@modelcontextprotocol/server';
import { atLeast, LOG_LEVEL_META_KEY, LOG_LEVELS, type Cancellation } from '../pool';
import type { Extra } from './call-gate';

/** Where a context made by the request's own lane (modern-lane.ts) keeps its cancellation, which makes its AbortSignal only when read. */
export const LANE_CANCELLATION = Symbol('lane cancellation');

function laneCancellation(request: object): Cancellation | undefined {
  return (request as { [LANE_CANCELLATION]?: Cancellation })[LANE_CANCELLATION];
}

/**
 * The one adapter from an SDK v2 handler's context to what the bridge's call logic takes (call-gate.ts
 * `Extra`): the request's cancellation, the log level its `_meta` asked for, and notifications related
 * to it (progress, log messages), which upgrade the 2026-07-28 response to an SSE stream (MCP
 * 2026-07-28 basic/transports §Streamable HTTP).
 */
export function modernExtra(ctx: ServerContext): Extra {
  const envelope: Record<string, unknown> | undefined = ctx.mcpReq.envelope;
  const asked = envelope?.[LOG_LEVEL_META_KEY];
  // The SDK checked the envelope already (a level outside the enum is refused -32602); checked again, not assumed.
  const logLevel = LOG_LEVELS.find((level) => level === asked);
  const request = ctx.mcpReq;
  return {
    // Read when something needs an AbortSignal: on the lane, the call listens on `cancellation` instead.
    get signal() {
      return request.signal;
    },
    cancellation: laneCancellation(request),
    logLevel,
    // A log message goes on a request's stream only at or above the level that request asked for (a held call's other rounds may ask another).
    sendNotification: (notification: ServerNotification) =>
      notification.method === 'notifications/message' && (logLevel === undefined || !atLeast(notification.params.level, logLevel)) ? Promise.resolve() : ctx.mcpReq.notify(notification),
  };
}
