import { CodedError, type WireError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import type { ServerState } from '../../shared/api';
import { CrashTracker } from './crash-tracker';
import { initialState, transition, type StateRecord } from './state-machine';
import type { RestartPolicy } from './types';

/**
 * Where one server is in its state machine, why it last failed, and what keeps it from starting
 * lazily: a needed sign-in, crashes given up on, or a flood halt. The slot publishes each change.
 */
export class SlotState {
  #record: StateRecord;
  #lastError: WireError | undefined;
  /** Whether the last error is a refused start, which stops being true once a start begins. */
  #refusal = false;
  /** Stopped for flooding its output: not started again until a person asks (or its config changes). */
  #halted: CodedError | undefined;
  readonly crashes: CrashTracker;

  constructor(
    private readonly name: string,
    private readonly policy: RestartPolicy,
    now: number,
  ) {
    this.#record = initialState(now);
    this.crashes = new CrashTracker(policy);
  }

  get state(): ServerState {
    return this.#record.state;
  }

  get record(): StateRecord {
    return this.#record;
  }

  get lastError(): WireError | undefined {
    return this.#lastError;
  }

  move(to: ServerState, at: number, error?: WireError): void {
    // A start that begins was not refused: "waiting for your approval" would now say something untrue.
    if (to === 'starting' && this.#refusal) {
      this.#lastError = undefined;
      this.#refusal = false;
    }
    this.#record = transition(this.#record, to, at, error);
  }

  /** Remembers why it could not start, without moving. */
  note(error: CodedError): void {
    this.#lastError = error.toWire();
    this.#refusal = false;
  }

  /** A spawn refused before it began (an approval it waits for): the last error until a start begins. */
  refused(error: CodedError): void {
    this.#lastError = error.toWire();
    this.#refusal = true;
  }

  /** A failed start or session: `needs_auth` for auth_required, else `error`. */
  fail(error: CodedError, at: number): void {
    this.note(error);
    this.move(error.code === 'auth_required' ? 'needs_auth' : 'error', at, this.#lastError);
  }

  /** Flooded its output: restarting would only start the flood again. */
  halt(error: CodedError): void {
    this.#halted = error;
  }

  /** A person asked, or the config changed: a fresh crash window and no flood halt. */
  unblock(): void {
    this.crashes.reset();
    this.#halted = undefined;
  }

  /** Why a lazy start (a call, an automatic restart) must not begin; an explicit start unblocks first. */
  lazyStartRefusal(): CodedError | undefined {
    if (this.#halted) return this.#halted;
    if (this.#record.state === 'needs_auth') {
      // No retry storms: only an explicit start (after the person reconnects) tries again.
      return this.#lastError ? CodedError.fromWire(this.#lastError) : new CodedError('auth_required', `"${this.name}" needs authorization`);
    }
    if (this.crashes.gaveUp) {
      return new CodedError('server_unavailable', redact(`"${this.name}" kept crashing and is no longer restarted automatically`), {
        hint: `Run \`connected-services connect ${this.name}\` to start it again`,
      });
    }
    return undefined;
  }

  /**
   * Ended on its own while running: a crash, shown as the last error (saying so once restarts stop).
   * Returns that message and the restart delay, undefined once given up.
   */
  crashed(error: CodedError, at: number): { message: string; restartInMs: number | undefined } {
    const outcome = this.crashes.record(at);
    let wire = error.toWire();
    if (!outcome.restart) {
      wire = {
        ...wire,
        message: `${wire.message}; no longer restarted after ${outcome.crashesInWindow} crashes within ${this.policy.windowMs / 1000} s`,
        hint: `Run \`connected-services connect ${this.name}\` to start it again`,
      };
    }
    this.#lastError = wire;
    this.#refusal = false;
    if (this.#record.state !== 'error') this.move('error', at, wire);
    return { message: wire.message, restartInMs: outcome.restart ? outcome.delayMs : undefined };
  }
}
