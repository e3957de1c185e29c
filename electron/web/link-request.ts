import { z } from 'zod';
import { CodedError } from '../../shared/errors';

/**
 * Where a signed-out page asks the running serve to print a new sign-in address in its own terminal.
 * Unauthenticated (the page has no session), so the answer never holds the address: any local
 * process may call it and learns nothing. Each request ends the unused address the last one printed
 * (UiSignIn's `page` link), never the one serve printed at start or the command line asked for.
 */
export const LINK_REQUEST_PATH = '/api/ui-link/request';

/** Nothing to say: an empty JSON object, and a body of a few bytes. */
export const LinkRequestSchema = z.object({}).strict();
export const LINK_REQUEST_MAX_BYTES = 64;

/** Asks at once, then one per interval: enough for a person, too few to flood serve's terminal. */
export const LINK_REQUEST_RATE = { burst: 2, everyMs: 10_000 } as const;

/**
 * A token bucket for the page's requests. Every asker shares it, the person's tab included: a
 * process that spends it only delays the button, which says when to try again.
 */
export class LinkRequestRate {
  private tokens: number;
  private at: number;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly rate: { burst: number; everyMs: number } = LINK_REQUEST_RATE,
  ) {
    this.tokens = rate.burst;
    this.at = now();
  }

  /** Takes one request; when none is left, how long until the next (ms). */
  take(): number | undefined {
    const now = this.now();
    this.tokens = Math.min(this.rate.burst, this.tokens + Math.max(0, now - this.at) / this.rate.everyMs);
    this.at = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return undefined;
    }
    return Math.ceil((1 - this.tokens) * this.rate.everyMs);
  }
}

/** The refusal of a request too soon after the last ones (`data.retryAfterMs` for the page). */
export function tooSoon(retryAfterMs: number): CodedError {
  return new CodedError('rate_limited', 'A new sign-in address was asked for a moment ago: it is in the terminal where serve runs', {
    hint: `Look there, or ask again in ${Math.ceil(retryAfterMs / 1000)} s`,
    data: { retryAfterMs },
  });
}
