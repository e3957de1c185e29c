import type { StdioServerConfig } from '../../shared/config';
import { redact } from '../../shared/redact';
import { MIN_RENEW_DELAY_MS, prepareSpawn, type DeliveryOptions, type PreparedSpawn } from './credential-delivery';
import type { SetTimer } from './idle-timer';

export interface RenewalGateOptions {
  setTimer: SetTimer;
  now: () => number;
  /** Restarts the program (it then receives a renewed token). Runs only while no call is in flight. */
  renew: () => Promise<void>;
  log: (line: string) => void;
}

/**
 * Renews a program's `${token}` between calls, never during one: once due, new calls wait at the gate,
 * the calls in flight finish, the program is restarted with a fresh token, and the waiting calls go on.
 */
export class RenewalGate {
  #uses = 0;
  #waiting = 0;
  #due: { promise: Promise<void>; open: () => void } | undefined;
  #running = false;
  #cancel: (() => void) | undefined;

  constructor(private readonly options: RenewalGateOptions) {}

  /** Renew at `at` (ms since epoch); undefined cancels. */
  schedule(at: number | undefined): void {
    this.cancel();
    if (at === undefined) return;
    this.#cancel = this.options.setTimer(() => {
      this.#cancel = undefined;
      this.markDue();
    }, Math.max(MIN_RENEW_DELAY_MS, at - this.options.now()));
  }

  cancel(): void {
    this.#cancel?.();
    this.#cancel = undefined;
  }

  /** The renewal is due: it runs as soon as no call is in flight. */
  markDue(): void {
    if (this.#due) return;
    let open = (): void => undefined;
    const promise = new Promise<void>((resolve) => (open = resolve));
    this.#due = { promise, open };
    this.#maybeRun();
  }

  /** A use (a call) begins; it counts as in flight once past `whenOpen`. */
  use(): () => void {
    this.#uses++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#uses--;
      this.#maybeRun();
    };
  }

  /** No renewal is due or running: a call may go on at once. */
  get open(): boolean {
    return this.#due === undefined;
  }

  /** Waits while a renewal is due or running. */
  async whenOpen(): Promise<void> {
    while (this.#due) {
      const due = this.#due;
      this.#waiting++;
      this.#maybeRun();
      try {
        await due.promise;
      } finally {
        this.#waiting--;
      }
    }
  }

  #maybeRun(): void {
    const due = this.#due;
    if (!due || this.#running || this.#uses - this.#waiting > 0) return;
    this.#running = true;
    void this.options
      .renew()
      .catch((error: unknown) => this.options.log(redact(`renewing a credential failed: ${String(error)}`)))
      .finally(() => {
        this.#running = false;
        this.#due = undefined;
        due.open();
      });
  }
}

/** What a server slot does about its program's credentials: prepare each spawn, renew between calls. */
export class SlotCredentials {
  readonly gate: RenewalGate;
  #prepared: PreparedSpawn | undefined;

  constructor(
    private readonly name: string,
    private readonly delivery: DeliveryOptions | undefined,
    gate: RenewalGateOptions,
  ) {
    this.gate = new RenewalGate(gate);
  }

  /** Before a spawn: tokens placed, credential file written (the previous spawn's released). */
  async prepare(config: StdioServerConfig): Promise<StdioServerConfig> {
    await this.release();
    if (!this.delivery) return config;
    const prepared = await prepareSpawn(this.delivery, this.name, config);
    this.#prepared = prepared;
    return prepared.config;
  }

  /** The program is up: its restart for a renewed `${token}` is scheduled. */
  started(): void {
    this.gate.schedule(this.#prepared?.restartAt);
  }

  /** The program ended (stop, crash, failed start): no renewal, its credential file deleted. */
  async release(): Promise<void> {
    this.gate.cancel();
    const prepared = this.#prepared;
    this.#prepared = undefined;
    await prepared?.release();
  }
}
