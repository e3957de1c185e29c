import { randomBytes } from 'node:crypto';
import { answerProblem, type AskAction, type AskContent, type AskOutcome, type PendingAsk } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { Emitter } from '../../../shared/events';

/** More waiting than this and new requests are declined at once: a server cannot bury the person in dialogs. */
export const MAX_WAITING_ASKS = 16;

export interface PersonAnswer {
  action: AskAction;
  content?: AskContent;
}

export interface WaitingAsksEvents {
  pending: PendingAsk;
  settled: { id: string; outcome: AskOutcome };
}

interface Waiting {
  view: PendingAsk;
  settle: (answer: PersonAnswer | AskOutcome) => void;
}

export interface WaitingAsksOptions {
  now?: () => number;
  maxWaiting?: number;
}

/**
 * Servers' requests waiting for the person (the UI's dialog, the tray, the terminal): each ends with
 * the person's answer, or when its signal aborts (time limit, cancelled call, server's cancel).
 */
export class WaitingAsks {
  readonly #waiting = new Map<string, Waiting>();
  readonly #emitter = new Emitter<WaitingAsksEvents>();
  readonly #now: () => number;
  readonly #max: number;
  /** closeAll has run: nobody is left to answer a new request. */
  #closed = false;

  constructor(options: WaitingAsksOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#max = options.maxWaiting ?? MAX_WAITING_ASKS;
  }

  /** As many wait as may, or closed: a request now is declined at once, unseen. */
  get full(): boolean {
    return this.#closed || this.#waiting.size >= this.#max;
  }

  list(): PendingAsk[] {
    return [...this.#waiting.values()].map((w) => w.view);
  }

  get(id: string): PendingAsk | undefined {
    return this.#waiting.get(id)?.view;
  }

  on<E extends keyof WaitingAsksEvents>(event: E, listener: (payload: WaitingAsksEvents[E]) => void): () => void {
    return this.#emitter.on(event, listener);
  }

  /**
   * Shows the request and waits: the person's answer, or `timeout` / `ended` when the signal aborts
   * (its reason tells which: `timeout` when `timedOut(reason)`).
   */
  ask(view: Omit<PendingAsk, 'id' | 'requestedAt'>, signal: AbortSignal, timedOut: (reason: unknown) => boolean): Promise<PersonAnswer | AskOutcome> {
    if (this.full) return Promise.resolve({ action: 'decline' });
    if (signal.aborted) return Promise.resolve(timedOut(signal.reason) ? 'timeout' : 'ended');
    const id = `ask_${randomBytes(9).toString('base64url')}`;
    const full: PendingAsk = { ...view, id, requestedAt: this.#now() };
    return new Promise((resolve) => {
      const onAbort = (): void => settle(timedOut(signal.reason) ? 'timeout' : 'ended');
      const settle = (answer: PersonAnswer | AskOutcome): void => {
        if (!this.#waiting.delete(id)) return;
        signal.removeEventListener('abort', onAbort);
        this.#emitter.emit('settled', { id, outcome: typeof answer === 'string' ? answer : answer.action });
        resolve(answer);
      };
      this.#waiting.set(id, { view: full, settle });
      signal.addEventListener('abort', onAbort, { once: true });
      this.#emitter.emit('pending', full);
    });
  }

  /**
   * The person's answer. Accepting a form checks its content against the requested schema; a form
   * asking for secrets can only be declined or cancelled (the spec forbids asking for them by form).
   * @throws CodedError not_found, invalid_input
   */
  answer(id: string, answer: PersonAnswer): void {
    const waiting = this.#waiting.get(id);
    if (!waiting) {
      throw new CodedError('not_found', 'this request is no longer waiting', { hint: 'it was answered, timed out, or its call ended' });
    }
    const { view } = waiting;
    if (answer.action === 'accept' && view.kind === 'form') {
      if (view.sensitive && view.sensitive.length > 0) {
        throw new CodedError('invalid_input', `this form asks for what looks like a secret (${view.sensitive.join(', ')}); it can only be declined`, {
          hint: 'servers must not ask for passwords, tokens or keys by form; decline it',
        });
      }
      const problem = answerProblem(view.requestedSchema ?? {}, answer.content ?? {});
      if (problem) throw new CodedError('invalid_input', problem, { hint: 'fill in the form as it asks' });
    }
    const clean: PersonAnswer = { action: answer.action };
    if (answer.action === 'accept' && view.kind === 'form') clean.content = answer.content ?? {};
    waiting.settle(clean);
  }

  /** Declines every waiting request, and every later one at once: the core is closing. */
  closeAll(): void {
    this.#closed = true;
    for (const waiting of [...this.#waiting.values()]) waiting.settle('ended');
  }
}
