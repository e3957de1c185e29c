/** How much a stdio server may write besides its protocol messages (docs/configuration.md, "Server output"). */
export interface FloodLimits {
  /** Stdout lines that are not JSON-RPC (and protocol noise such as answers to unknown ids) per second. */
  stdoutLinesPerSecond: number;
  /** Stderr bytes per second, each logged line counted with its `[server] stderr: ` prefix. */
  stderrBytesPerSecond: number;
  /** A server over a budget in this many consecutive seconds is stopped. */
  floodSeconds: number;
}

export const DEFAULT_FLOOD_LIMITS: Readonly<FloodLimits> = {
  stdoutLinesPerSecond: 100,
  stderrBytesPerSecond: 64 * 1024,
  floodSeconds: 3,
};

/** What was dropped in a finished second. */
export interface DropReport {
  units: number;
  bytes: number;
}

/**
 * A budget per second (wall-clock seconds of the injected clock). What does not fit is dropped by
 * the caller and counted here; the count is reported once, when its second is over. Being over
 * budget in `floodSeconds` consecutive seconds makes it `flooding`.
 */
export class FloodBudget {
  readonly #limit: number;
  readonly #floodSeconds: number;
  readonly #now: () => number;
  readonly #report: (dropped: DropReport) => void;
  #second = Number.NEGATIVE_INFINITY;
  #used = 0;
  #over = false;
  #dropped: DropReport = { units: 0, bytes: 0 };
  #lastOverSecond = Number.NEGATIVE_INFINITY;
  #streak = 0;

  constructor(limit: number, floodSeconds: number, now: () => number, report: (dropped: DropReport) => void) {
    this.#limit = limit;
    this.#floodSeconds = floodSeconds;
    this.#now = now;
    this.#report = report;
  }

  get limit(): number {
    return this.#limit;
  }

  /** Over budget in `floodSeconds` consecutive seconds. */
  get flooding(): boolean {
    return this.#streak >= this.#floodSeconds;
  }

  /** Whether nothing more fits in this second (the caller may drop without looking). */
  exhausted(): boolean {
    this.#roll();
    return this.#over;
  }

  /** Charges `cost`; false when it does not fit, and from then on for the rest of this second. */
  take(cost: number): boolean {
    this.#roll();
    if (!this.#over && this.#used + cost <= this.#limit) {
      this.#used += cost;
      return true;
    }
    if (!this.#over) {
      this.#over = true;
      this.#streak = this.#lastOverSecond === this.#second - 1 ? this.#streak + 1 : 1;
      this.#lastOverSecond = this.#second;
    }
    return false;
  }

  /**
   * Charges `cost` in one go while this second has room left, though it may take more than that room:
   * what it takes past the limit is owed by the seconds after (#roll), so over time the rate holds.
   * False, as take's, when this second has no room.
   */
  takeWhole(cost: number): boolean {
    this.#roll();
    if (!this.#over && this.#used < this.#limit) {
      this.#used += cost;
      return true;
    }
    return this.take(cost);
  }

  /** Counts what the caller dropped. */
  drop(units: number, bytes: number): void {
    this.#dropped.units += units;
    this.#dropped.bytes += bytes;
  }

  /** Reports what is still counted (at the end of the stream). */
  flush(): void {
    if (this.#dropped.units === 0 && this.#dropped.bytes === 0) return;
    const dropped = this.#dropped;
    this.#dropped = { units: 0, bytes: 0 };
    this.#report(dropped);
  }

  #roll(): void {
    const second = Math.floor(this.#now() / 1000);
    if (second === this.#second) return;
    this.flush();
    // What takeWhole took past a second's limit is owed by the seconds after it.
    this.#used = this.#used > this.#limit ? Math.max(0, this.#used - this.#limit * Math.max(1, second - this.#second)) : 0;
    this.#second = second;
    this.#over = false;
  }
}
