import { randomBytes } from 'node:crypto';
import type { ApiMethod, Caller, Confirmation, ConfirmationOutcome } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { Emitter } from '../../shared/events';

export const CONFIRMATION_TTL_MS = 10 * 60_000;
/** More waiting than this and new requests are refused: a script cannot bury the person in cards. */
export const MAX_WAITING_CONFIRMATIONS = 20;

export interface ConfirmationsOptions {
  now?: () => number;
  ttlMs?: number;
  maxWaiting?: number;
}

export interface ConfirmationRequest {
  method: ApiMethod;
  /** The parsed input that confirming runs (kept in memory only). */
  input: unknown;
  /** The input as shown, redacted. */
  shown: unknown;
  summary: string;
  from: Caller;
  pid?: number;
}

interface Waiting {
  view: Confirmation;
  method: ApiMethod;
  input: unknown;
}

export interface ConfirmationsEvents {
  pending: Confirmation;
  decided: { confirmation: Confirmation; outcome: ConfirmationOutcome };
}

/** Widenings asked for from the command line, waiting for the person; they expire. */
export class Confirmations {
  readonly #now: () => number;
  readonly #ttlMs: number;
  readonly #max: number;
  readonly #waiting = new Map<string, Waiting>();
  readonly #emitter = new Emitter<ConfirmationsEvents>();

  constructor(options: ConfirmationsOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#ttlMs = options.ttlMs ?? CONFIRMATION_TTL_MS;
    this.#max = options.maxWaiting ?? MAX_WAITING_CONFIRMATIONS;
  }

  request(request: ConfirmationRequest): Confirmation {
    this.expire();
    if (this.#waiting.size >= this.#max) {
      throw new CodedError('rate_limited', `${this.#max} changes are already waiting for confirmation in the app`, {
        hint: 'Confirm or refuse them in the app (Activity), or wait until they expire',
      });
    }
    const requestedAt = this.#now();
    const view: Confirmation = {
      id: `c-${randomBytes(6).toString('hex')}`,
      method: request.method,
      summary: request.summary,
      input: request.shown,
      from: request.from,
      ...(request.pid !== undefined ? { pid: request.pid } : {}),
      requestedAt,
      expiresAt: requestedAt + this.#ttlMs,
    };
    this.#waiting.set(view.id, { view, method: request.method, input: request.input });
    this.#emitter.emit('pending', view);
    return view;
  }

  list(): Confirmation[] {
    this.expire();
    return [...this.#waiting.values()].map((w) => w.view);
  }

  /** Takes a waiting request out to run or refuse it; `not_found` when unknown or expired. */
  take(id: string): { view: Confirmation; method: ApiMethod; input: unknown } {
    this.expire();
    const waiting = this.#waiting.get(id);
    if (!waiting) {
      throw new CodedError('not_found', `No change ${id} is waiting for confirmation`, { hint: 'It was decided already, or expired: ask for it again' });
    }
    this.#waiting.delete(id);
    return waiting;
  }

  /** Reports how a taken request ended. */
  settle(confirmation: Confirmation, outcome: ConfirmationOutcome): void {
    this.#emitter.emit('decided', { confirmation, outcome });
  }

  /** Drops requests past their time, reporting each as expired. */
  expire(): void {
    const now = this.#now();
    for (const [id, waiting] of this.#waiting) {
      if (waiting.view.expiresAt > now) continue;
      this.#waiting.delete(id);
      this.#emitter.emit('decided', { confirmation: waiting.view, outcome: 'expired' });
    }
  }

  on<E extends keyof ConfirmationsEvents>(event: E, listener: (payload: ConfirmationsEvents[E]) => void): () => void {
    return this.#emitter.on(event, listener);
  }
}
