import type { RequestId } from '@modelcontextprotocol/server';
import type { LazyAbort } from '../pool';
import { LANE_CANCELLATION } from './modern-extra';

const noState = (): undefined => undefined;

function refusedPush(): Promise<never> {
  return Promise.reject(new Error('2026-07-28 has no server-to-client requests: the call answers input_required instead'));
}

/**
 * `ctx.mcpReq` of a lane request, as `_onrequest` and Server's `buildContext` make it for a request
 * with no session, no retry state and no log level: one object, its functions on the prototype (a
 * lane request is served thousands of times a second, and each closure is garbage). The lane takes no
 * call that may send a notification (progress needs a progress token, log messages a level: both keep
 * the SDK's path, which streams them), so one sent anyway is logged and dropped, as the SDK's JSON
 * response mode drops them.
 */
export class LaneMcpReq {
  readonly method = 'tools/call';
  /** Present only when the request carried one, as on the SDK's path. */
  declare readonly envelope?: Record<string, unknown>;
  readonly [LANE_CANCELLATION]: LazyAbort;

  constructor(
    readonly id: RequestId,
    readonly _meta: unknown,
    envelope: Record<string, unknown> | undefined,
    exchange: LazyAbort,
    private readonly dropped: (line: string) => void,
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

  notify(notification: { method: string }): Promise<void> {
    this.dropped(`a 2026-07-28 tools/call sent ${notification.method} without a stream to carry it: dropped`);
    return Promise.resolve();
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
