import { CodedError } from '../../shared/errors';
import { FloodBudget } from './flood-budget';
import { DIAGNOSIS_HINT } from './hint-kind';

/** A server's elicitation and sampling requests per second, in one call or outside any call. */
export const ASKS_PER_SECOND = 10;
/** Over it this many seconds in a row and the server is stopped. */
export const ASK_FLOOD_SECONDS = 3;

export interface AskBudgetOptions {
  server: string;
  now: () => number;
  log: (line: string) => void;
  /** Once, when one scope was over its budget for ASK_FLOOD_SECONDS in a row: the server must stop. */
  onFlood: (error: CodedError) => void;
}

/**
 * A rate bound on a server's requests that reach a person or an agent: the 16-waiting cap bounds how
 * many wait at once, not how fast they come, and each is a form, an approval or an audit entry. Per
 * call (keyed by its end signal, so a call's budget goes with it) and one for requests outside any call.
 */
export class AskBudget {
  readonly #options: AskBudgetOptions;
  readonly #calls = new WeakMap<AbortSignal, FloodBudget>();
  #outside: FloodBudget | undefined;
  #several: FloodBudget | undefined;
  #flooded = false;

  constructor(options: AskBudgetOptions) {
    this.#options = options;
  }

  /** Whether one more request of this scope may go on; false: decline it without asking anyone. */
  take(ended: AbortSignal | undefined, call: string | undefined): boolean {
    if (this.#flooded) return false;
    const budget = this.#budgetOf(ended, call);
    if (budget.take(1)) return true;
    budget.drop(1, 0);
    if (budget.flooding) this.#flood(call);
    return false;
  }

  /**
   * Whether a 2026-07-28 round's `count` requests that reach someone may go on, all of them: one round
   * is one thing asked of a person or an agent, up to its own bound of 16 (server-rounds.ts), so it goes
   * through whole while the call's second has room, and what it takes past 10 is owed by the seconds
   * after it (the rate holds over time). False: the whole round is declined, asking nobody.
   */
  takeRound(ended: AbortSignal | undefined, call: string | undefined, count: number): boolean {
    if (this.#flooded) return false;
    const budget = this.#budgetOf(ended, call);
    if (budget.takeWhole(count)) return true;
    budget.drop(count, 0);
    if (budget.flooding) this.#flood(call);
    return false;
  }

  #budgetOf(ended: AbortSignal | undefined, call: string | undefined): FloodBudget {
    const { server, now, log } = this.#options;
    const where = call === undefined ? 'outside any call' : `during ${call}`;
    const make = (): FloodBudget =>
      new FloodBudget(ASKS_PER_SECOND, ASK_FLOOD_SECONDS, now, (d) => log(`[${server}] declined ${d.units} requests ${where} over its budget of ${ASKS_PER_SECOND} a second`));
    if (ended === undefined) return (this.#outside ??= make());
    // A request that may be any of several calls' has an end signal made for it alone: one budget for all such.
    if (call?.startsWith('one of ') === true) return (this.#several ??= make());
    let budget = this.#calls.get(ended);
    if (budget === undefined) {
      const made = make();
      this.#calls.set(ended, made);
      // What its last second declined is told when the call ends: no later request rolls its second over.
      ended.addEventListener('abort', () => made.flush(), { once: true });
      budget = made;
    }
    return budget;
  }

  #flood(call: string | undefined): void {
    this.#flooded = true;
    const { server } = this.#options;
    const where = call === undefined ? 'outside any call' : `during ${call}`;
    this.#options.onFlood(
      new CodedError('server_unavailable', `"${server}" sent requests ${where} faster than ${ASKS_PER_SECOND} a second for ${ASK_FLOOD_SECONDS} s in a row; it was stopped`, {
        hint: `its server is broken or hostile; once it is fixed, start it again with \`connected-services connect ${server}\``,
        data: { flood: 'asks', ...DIAGNOSIS_HINT },
      }),
    );
  }
}
