import { CodedError } from '../../../shared/errors';

export interface ChangeRateOptions {
  /** Changes allowed at once. */
  burst: number;
  /** Changes allowed per second after that. */
  perSecond: number;
  now: () => number;
}

/** A person at a terminal rarely makes more; a script making many in a row is paced, not stopped. */
export const DEFAULT_CHANGE_RATE = { burst: 60, perSecond: 2 } as const;

/**
 * How fast one credential (the command line's) may write to the admin log: a token bucket. Without
 * it, thousands of narrowing calls a second could bury a change among entries nobody reads.
 */
export class ChangeRate {
  readonly #options: ChangeRateOptions;
  #tokens: number;
  #at: number;

  constructor(options: ChangeRateOptions) {
    this.#options = options;
    this.#tokens = options.burst;
    this.#at = options.now();
  }

  /** Takes one change, or throws `rate_limited` saying how long to wait. */
  take(): void {
    const now = this.#options.now();
    this.#tokens = Math.min(this.#options.burst, this.#tokens + ((now - this.#at) / 1000) * this.#options.perSecond);
    this.#at = now;
    if (this.#tokens >= 1) {
      this.#tokens -= 1;
      return;
    }
    const waitSeconds = Math.ceil((1 - this.#tokens) / this.#options.perSecond);
    throw new CodedError('rate_limited', `Too many changes from the command line: at most ${this.#options.burst} at once, then ${this.#options.perSecond} a second`, {
      hint: `Wait ${waitSeconds} s and run it again`,
      data: { retryAfterMs: waitSeconds * 1000 },
    });
  }
}
