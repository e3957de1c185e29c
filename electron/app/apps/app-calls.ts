import { randomUUID } from 'node:crypto';
import type { PendingAppCall } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { Emitter } from '../../../shared/events';
import { consentView } from '../../bridge';

export type AppCallOutcome = 'allowed' | 'denied' | 'timeout' | 'closed';

export interface AppCallsEvents {
  pending: PendingAppCall;
  decided: { id: string; outcome: AppCallOutcome };
}

export interface AppCallsOptions {
  /** How long a call waits for the person (default five minutes), then it is refused. */
  timeoutMs?: number;
  /**
   * At most this many waiting calls per app (default 1): an app cannot bury the person in asks, nor hold
   * the web UI's connections (each waiting call is an open request; a browser keeps six per host).
   */
  perApp?: number;
  /** At most this many waiting calls in all (default 20). */
  max?: number;
  now?: () => number;
}

interface Waiting {
  call: PendingAppCall;
  /** Kept here, never in the view: the app's only credential on the app origin. */
  appId: string;
  settle: (outcome: AppCallOutcome) => void;
}

/**
 * Write and destructive tool calls opened MCP Apps ask for, each waiting for the person's yes before
 * it runs (issue #36: the app shows the person what it asks, with its arguments). Shown through the
 * decisions queue as kind `app-call`.
 */
export class AppCalls {
  readonly #waiting = new Map<string, Waiting>();
  readonly #emitter = new Emitter<AppCallsEvents>();
  readonly #timeoutMs: number;
  readonly #perApp: number;
  readonly #max: number;
  readonly #now: () => number;

  constructor(options: AppCallsOptions = {}) {
    this.#timeoutMs = options.timeoutMs ?? 5 * 60_000;
    this.#perApp = options.perApp ?? 1;
    this.#max = options.max ?? 20;
    this.#now = options.now ?? Date.now;
  }

  /**
   * Waits for the person's answer; true when they allowed it. `arguments` must have passed checkBounds.
   * @throws CodedError rate_limited when the app (or all apps) already have too many waiting.
   */
  hold(ask: Pick<PendingAppCall, 'frame' | 'server' | 'tool' | 'tier' | 'arguments'> & { appId: string }): Promise<AppCallOutcome> {
    const { appId, ...shown } = ask;
    const ofApp = [...this.#waiting.values()].filter((w) => w.appId === appId).length;
    if (ofApp >= this.#perApp || this.#waiting.size >= this.#max) {
      throw new CodedError('rate_limited', ofApp >= this.#perApp ? `The app of "${ask.server}" already waits for your answer on ${ofApp === 1 ? 'a call' : `${String(ofApp)} calls`}` : 'Too many app calls already wait for your answer', {
        hint: 'Allow or Deny the waiting call, or Close the app, then ask again',
      });
    }
    const now = this.#now();
    const call: PendingAppCall = {
      ...shown,
      // As an agent's approval shows them: the app names its keys, so the log's key patterns would let it hide a value from the person.
      arguments: consentView(shown.arguments),
      id: randomUUID(),
      requestedAt: now,
      expiresAt: now + this.#timeoutMs,
    };
    return new Promise<AppCallOutcome>((resolve) => {
      const timer = setTimeout(() => settle('timeout'), this.#timeoutMs);
      timer.unref?.();
      const settle = (outcome: AppCallOutcome): void => {
        if (!this.#waiting.delete(call.id)) return;
        clearTimeout(timer);
        this.#emitter.emit('decided', { id: call.id, outcome });
        resolve(outcome);
      };
      this.#waiting.set(call.id, { call, appId, settle });
      this.#emitter.emit('pending', call);
    });
  }

  list(): PendingAppCall[] {
    return [...this.#waiting.values()].map((w) => w.call);
  }

  /** @throws CodedError not_found when no call waits under that id. */
  decide(id: string, decision: 'allow' | 'deny'): AppCallOutcome {
    const waiting = this.#waiting.get(id);
    if (!waiting) throw new CodedError('not_found', 'No app call waits under that id', { hint: 'it was answered, timed out, or its app was closed' });
    const outcome = decision === 'allow' ? 'allowed' : 'denied';
    waiting.settle(outcome);
    return outcome;
  }

  /** A closed app's waiting calls are refused. */
  dropApp(appId: string): void {
    for (const waiting of [...this.#waiting.values()]) if (waiting.appId === appId) waiting.settle('closed');
  }

  on<E extends keyof AppCallsEvents>(event: E, listener: (payload: AppCallsEvents[E]) => void): () => void {
    return this.#emitter.on(event, listener);
  }

  close(): void {
    for (const waiting of [...this.#waiting.values()]) waiting.settle('closed');
  }
}
