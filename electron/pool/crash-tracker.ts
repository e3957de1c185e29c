import { decideRestart, recentCrashes } from './restart-policy';
import type { RestartPolicy } from './types';

export type CrashOutcome = { restart: true; delayMs: number } | { restart: false; crashesInWindow: number };

/** Counts crashes, decides on restarts with backoff, and owns the one pending restart timer. */
export class CrashTracker {
  #total = 0;
  #times: number[] = [];
  #gaveUp = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly policy: RestartPolicy) {}

  get total(): number {
    return this.#total;
  }

  /** Too many crashes in the window: no automatic or lazy restarts until reset(). */
  get gaveUp(): boolean {
    return this.#gaveUp;
  }

  get restartPending(): boolean {
    return this.#timer !== undefined;
  }

  record(now: number): CrashOutcome {
    this.#total++;
    this.#times = recentCrashes([...this.#times, now], now, this.policy.windowMs);
    const decision = decideRestart(this.#times.length, this.policy);
    if (decision.restart) return decision;
    this.#gaveUp = true;
    return { restart: false, crashesInWindow: this.#times.length };
  }

  scheduleRestart(delayMs: number, restart: () => void): void {
    this.cancelRestart();
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      restart();
    }, delayMs);
  }

  cancelRestart(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** A person acted (explicit start, stop, new config): a fresh window. The total stays. */
  reset(): void {
    this.#times = [];
    this.#gaveUp = false;
  }
}
