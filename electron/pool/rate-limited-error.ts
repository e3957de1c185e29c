import type { CodedError } from '../../shared/errors';
import type { ErrorContext } from './error-context';
import { coded } from './redacted-error';
import { formatWait } from './retry-after';

/**
 * `rate_limited`, with the wait the server asked for (when it said one) in the message, the hint and
 * `data.retryAfterMs`, which agents (agent-errors.ts) and `--json` receive as a number.
 */
export function rateLimited(ctx: ErrorContext, how: string, retryAfterMs: number | undefined, data: Record<string, unknown>): CodedError {
  if (retryAfterMs === undefined) {
    return coded('rate_limited', `"${ctx.server}" is rate limiting requests ${how}`, { hint: 'wait a moment and retry', data });
  }
  const wait = formatWait(retryAfterMs);
  return coded('rate_limited', `"${ctx.server}" is rate limiting requests ${how}; retry after ${wait}`, {
    hint: `wait ${wait}, then retry`,
    data: { ...data, retryAfterMs },
  });
}
