import { CodedError } from '../../shared/errors';
import { FloodBudget, type FloodLimits } from './flood-budget';
import { DIAGNOSIS_HINT } from './hint-kind';

export interface MessageNoiseOptions {
  server: string;
  log: (line: string) => void;
  limits: FloodLimits;
  now: () => number;
  /** Once, when the server was over its budget for `floodSeconds` in a row: it must stop. */
  onFlood: (error: CodedError) => void;
}

/**
 * What an HTTP server's messages cause besides their protocol use (answers to ids never asked or
 * given up on, messages that are not JSON-RPC): the budget a stdio server's stray stdout lines have
 * (ServerOutput), one summary line a second past it, and a stop after `floodSeconds` over it.
 */
export class MessageNoise {
  readonly #options: MessageNoiseOptions;
  readonly #budget: FloodBudget;
  #flooded = false;

  constructor(options: MessageNoiseOptions) {
    this.#options = options;
    const { server, limits, now, log } = options;
    this.#budget = new FloodBudget(limits.stdoutLinesPerSecond, limits.floodSeconds, now, (d) =>
      log(`[${server}] dropped ${d.units} messages that are not JSON-RPC or answer no request over its budget of ${limits.stdoutLinesPerSecond} a second`),
    );
  }

  get flooded(): boolean {
    return this.#flooded;
  }

  /** One such message: its line is shown within the budget, counted past it. */
  note(line: string): void {
    if (this.#flooded) return;
    if (this.#budget.take(1)) return this.#options.log(line);
    this.#budget.drop(1, line.length);
    if (!this.#budget.flooding) return;
    this.#flooded = true;
    this.#budget.flush();
    const { server, limits } = this.#options;
    this.#options.onFlood(
      new CodedError(
        'server_unavailable',
        `"${server}" sent messages that are not JSON-RPC or answer no request (over ${limits.stdoutLinesPerSecond} a second for ${limits.floodSeconds} s in a row); it was stopped`,
        {
          hint: `its server is broken or hostile; once it is fixed, start it again with \`connected-services connect ${server}\``,
          data: { flood: 'messages', ...DIAGNOSIS_HINT },
        },
      ),
    );
  }
}
