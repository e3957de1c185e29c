import type { ServerNotification } from '@modelcontextprotocol/server';
import type { ServerContext } from '@modelcontextprotocol/server';
import { atLeast, LOG_LEVEL_META_KEY, LOG_LEVELS, type Cancellation, type LogLevel } from '../pool';
import type { Extra } from './call-gate';

/** Where a context made by the request's own lane (modern-lane.ts) keeps its cancellation, which makes its AbortSignal only when read. */
export const LANE_CANCELLATION = Symbol('lane cancellation');

function laneCancellation(request: object): Cancellation | undefined {
  return (request as { [LANE_CANCELLATION]?: Cancellation })[LANE_CANCELLATION];
}

/** The level a request's envelope asked for; the SDK checked it already (a level outside the enum is refused -32602): checked again, not assumed. */
function askedLevel(asked: unknown): LogLevel | undefined {
  for (const level of LOG_LEVELS) if (level === asked) return level;
  return undefined;
}

/** `modernExtra`'s answer: one object, its functions on the prototype (made for every 2026-07-28 call; each closure is garbage). */
class ModernExtra implements Extra {
  readonly cancellation: Cancellation | undefined;
  readonly logLevel: LogLevel | undefined;

  constructor(private readonly request: ServerContext['mcpReq']) {
    this.cancellation = laneCancellation(request);
    const envelope: Record<string, unknown> | undefined = request.envelope;
    this.logLevel = askedLevel(envelope?.[LOG_LEVEL_META_KEY]);
  }

  /** Read when something needs an AbortSignal: on the lane, the call listens on `cancellation` instead. */
  get signal(): AbortSignal {
    return this.request.signal;
  }

  /** A log message goes on a request's stream only at or above the level that request asked for (a held call's other rounds may ask another). */
  sendNotification(notification: ServerNotification): Promise<void> {
    const logLevel = this.logLevel;
    if (notification.method === 'notifications/message' && (logLevel === undefined || !atLeast(notification.params.level, logLevel))) return Promise.resolve();
    return this.request.notify(notification);
  }
}

/**
 * The one adapter from an SDK v2 handler's context to what the bridge's call logic takes (call-gate.ts
 * `Extra`): the request's cancellation, the log level its `_meta` asked for, and notifications related
 * to it (progress, log messages), which upgrade the 2026-07-28 response to an SSE stream (MCP
 * 2026-07-28 basic/transports §Streamable HTTP).
 */
export function modernExtra(ctx: ServerContext): Extra {
  return new ModernExtra(ctx.mcpReq);
}
