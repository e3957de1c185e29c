import type { CodedError } from '../../shared/errors';
import type { ErrorContext } from './error-context';
import { coded } from './redacted-error';

/**
 * A 2026-07-28 server's `subscriptions/listen` not acknowledged within the wait the subscribe had
 * (MCP 2026-07-28 §Subscriptions): the pool's own bound on that wait (the server's startupTimeoutMs,
 * at most `capMs`), or the call's own timeout where that was shorter (`byCall`).
 */
export class ListenUnacknowledged extends Error {
  readonly byCall: boolean;

  constructor(
    readonly ackMs: number,
    readonly capMs: number,
    options: { cause?: unknown; byCall?: boolean },
  ) {
    super(`its subscriptions/listen was not acknowledged within ${ackMs / 1000} s`, options.cause === undefined ? {} : { cause: options.cause });
    this.name = 'ListenUnacknowledged';
    this.byCall = options.byCall === true;
  }
}

/** The hint when the setting that bounded the wait is the listen's own. */
function listenHint(error: ListenUnacknowledged, ctx: ErrorContext): string {
  const cap = `${error.capMs / 1000} s`;
  return error.ackMs < error.capMs
    ? `retry, or raise "startupTimeoutMs" of "${ctx.server}" in mcp.json: it bounds this wait (the bridge waits at most ${cap})`
    : `retry, or check that "${ctx.server}" acknowledges subscriptions/listen: the bridge waits at most ${cap} for it, whatever its "startupTimeoutMs"`;
}

/** The hint when the call's timeout, shorter than the listen's own bound, ended the wait. */
function callHint(error: ListenUnacknowledged, ctx: ErrorContext, seconds: number): string {
  const cap = `${error.capMs / 1000} s`;
  return ctx.ownTimeout === true
    ? `this call gave itself ${seconds} s: retry with a longer timeout (\`call --timeout MS\`, a program's timeoutMs); the bridge waits at most ${cap} for it`
    : `retry, or raise ${ctx.raise ?? `"timeoutMs" of "${ctx.server}"`} in mcp.json: it bounds this wait (the bridge waits at most ${cap})`;
}

/** The subscribe that waited on it: the wait it had and the setting that bounds that wait. */
export function listenTimedOut(error: ListenUnacknowledged, ctx: ErrorContext): CodedError {
  // The call's timeout is said in the caller's own time, not in what its start left of it.
  const seconds = (error.byCall ? ctx.timeoutMs : error.ackMs) / 1000;
  const hint = error.byCall ? callHint(error, ctx, seconds) : listenHint(error, ctx);
  const persons = !error.byCall || ctx.ownTimeout !== true;
  return coded('timeout', `${ctx.what ?? 'a subscription'} on "${ctx.server}" did not answer within ${seconds} s: the server did not acknowledge its change stream (subscriptions/listen)`, {
    hint,
    // An agent cannot edit mcp.json nor look at the server: the person can.
    ...(persons ? { data: { agentHint: hint.replace(/^retry, or /, 'retry later, or ask the person to ') } } : {}),
  });
}
