import type { RequestId } from '@modelcontextprotocol/server';
import type { LazyAbort } from '../pool';
import { LANE_CANCELLATION } from './modern-extra';
import { LANE_REVISION } from '../mcp-wire';

const noState = (): undefined => undefined;

function refusedPush(): Promise<never> {
  return Promise.reject(new Error('2026-07-28 has no server-to-client requests: the call answers input_required instead'));
}

/** Where a lane request's related notifications go: its exchange's stream (modern-lane-exchange.ts); false for a method the era does not have. */
export interface NotificationSink {
  notify(notification: { method: string; params?: unknown }): boolean;
}

/**
 * `ctx.mcpReq` of a lane request, as `_onrequest` and Server's `buildContext` make it for a request
 * with no session, no retry state and no log level: one object, its functions on the prototype (a
 * lane request is served thousands of times a second, and each closure is garbage). A notification
 * related to the request (progress, for a call with a progress token) goes on the request's own
 * stream, as on the SDK's path; one of a method the era lacks is refused as the SDK refuses it. With
 * no sink (a bare cancellation) it is logged and dropped.
 */
export class LaneMcpReq {
  /** Present only when the request carried one, as on the SDK's path. */
  declare readonly envelope?: Record<string, unknown>;
  readonly [LANE_CANCELLATION]: LazyAbort;

  constructor(
    readonly id: RequestId,
    readonly _meta: unknown,
    envelope: Record<string, unknown> | undefined,
    exchange: LazyAbort & Partial<NotificationSink>,
    private readonly dropped: (line: string) => void,
    /** The request's method (the lane serves tools/call and the listings). */
    readonly method: string = 'tools/call',
  ) {
    this[LANE_CANCELLATION] = exchange;
    // A plain member, as the SDK's spread makes it (no defineProperty and its descriptor per call).
    if (envelope !== undefined) (this as { envelope?: Record<string, unknown> }).envelope = envelope;
  }

  get signal(): AbortSignal {
    return this[LANE_CANCELLATION].signal;
  }

  requestState(): undefined {
    return noState();
  }

  notify(notification: { method: string; params?: unknown }): Promise<void> {
    const sink = this[LANE_CANCELLATION] as LazyAbort & Partial<NotificationSink>;
    if (sink.notify === undefined) {
      this.dropped(`a 2026-07-28 ${this.method} sent ${notification.method} without a stream to carry it: dropped`);
      return Promise.resolve();
    }
    if (sink.notify(notification)) return Promise.resolve();
    // Protocol's `_notificationViaCodec`: a notification the served revision lacks is refused.
    return Promise.reject(new Error(`Notification '${notification.method}' is not supported by the negotiated protocol version (wire era ${LANE_REVISION})`));
  }

  log(): Promise<void> {
    return Promise.resolve();
  }

  send(): Promise<never> {
    return refusedPush();
  }

  elicitInput(): Promise<never> {
    return refusedPush();
  }

  requestSampling(): Promise<never> {
    return refusedPush();
  }
}

/** The handler context (`ServerContext`) of a lane request. */
export function laneContext(mcpReq: LaneMcpReq): object {
  return { sessionId: undefined, mcpReq, http: undefined };
}
