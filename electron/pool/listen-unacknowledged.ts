import type { CodedError } from '../../shared/errors';
import type { ErrorContext } from './error-context';
import { coded } from './redacted-error';

/**
 * A 2026-07-28 server's `subscriptions/listen` not acknowledged within the pool's own bound on that
 * wait (MCP 2026-07-28 §Subscriptions): the server's startupTimeoutMs, at most `capMs`. Not the
 * call's timeout, which does not bound it.
 */
export class ListenUnacknowledged extends Error {
  constructor(
    readonly ackMs: number,
    readonly capMs: number,
    options: { cause: unknown },
  ) {
    super(`its subscriptions/listen was not acknowledged within ${ackMs / 1000} s`, options);
    this.name = 'ListenUnacknowledged';
  }
}

/** The subscribe that waited on it: the wait it had and the setting that bounds that wait. */
export function listenTimedOut(error: ListenUnacknowledged, ctx: ErrorContext): CodedError {
  const seconds = error.ackMs / 1000;
  const cap = `${error.capMs / 1000} s`;
  return coded('timeout', `${ctx.what ?? 'a subscription'} on "${ctx.server}" did not answer within ${seconds} s: the server did not acknowledge its change stream (subscriptions/listen)`, {
    hint:
      error.ackMs < error.capMs
        ? `retry, or raise "startupTimeoutMs" of "${ctx.server}" in mcp.json: it bounds this wait (the bridge waits at most ${cap})`
        : `retry, or check that "${ctx.server}" acknowledges subscriptions/listen: the bridge waits at most ${cap} for it, whatever its "startupTimeoutMs"`,
  });
}
