import { randomBytes } from 'node:crypto';
import { resolveProcessEnv, type ProcessEnv } from '../../shared/core-env';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import type { Tier } from './agent-schema';
import { Emitter } from '../../shared/events';
import { isStoppedWaiting } from './stopped-waiting';
import { refuseRemember } from './remember-refusal';

export const DEFAULT_APPROVAL_TIMEOUT_MS = 120_000;
/** More than this many waiting calls of one agent are refused: nobody can judge a flood. */
export const DEFAULT_MAX_PENDING_PER_AGENT = 16;

export interface ApprovalRequest {
  agent: string;
  server: string;
  kind: 'tool' | 'resource' | 'prompt';
  /** The tool or prompt name on its server, or a resource URI. */
  tool: string;
  /** Resources and prompts count as reads. */
  tier: Tier;
  /** A tool's or prompt's arguments, redacted and bounded (consentView): what the person consents to, whatever auditArguments says. */
  arguments?: Record<string, unknown>;
  /** Why the call is held whatever its tier (a value we hold in its arguments): names the secret, never its value. */
  warning?: string;
}

export interface PendingApproval extends ApprovalRequest {
  id: string;
  requestedAt: number;
  expiresAt: number;
}

export type ApprovalOutcome = 'allowed' | 'denied';
/**
 * person: decided in the app/CLI; remembered: an earlier "always allow"; timeout; cancelled: the agent
 * gave up; gone: the agent stopped waiting (the stream that would carry the answer closed: stopped-waiting.ts);
 * closed: the bridge stopped; paused: the person paused the bridge; flood: too many waiting.
 */
export type ApprovalReason = 'person' | 'remembered' | 'timeout' | 'cancelled' | 'gone' | 'closed' | 'paused' | 'flood';

export interface DecidedApproval extends PendingApproval {
  outcome: ApprovalOutcome;
  reason: ApprovalReason;
  decidedAt: number;
  remember: boolean;
}

export interface ApprovalEvents {
  pending: PendingApproval;
  decided: DecidedApproval;
}

/** The core's clock and log (each the process's own when left out), the limits, and how "always allow" is kept. */
export interface CallApprovalQueueOptions extends Partial<Pick<ProcessEnv, 'now' | 'log'>> {
  timeoutMs?: number;
  maxPendingPerAgent?: number;
  /** Persists "always allow this tool for this agent". */
  remember: (agent: string, server: string, tool: string) => Promise<void>;
}

interface Waiter {
  pending: PendingApproval;
  resolve: (decided: DecidedApproval) => void;
  timer: NodeJS.Timeout;
  cleanup: () => void;
}

/** Why an aborted wait ended: the agent's cancel, or nobody left to hear the answer. */
function withdrawn(signal: AbortSignal | undefined): ApprovalReason {
  return isStoppedWaiting(signal?.reason) ? 'gone' : 'cancelled';
}

/** Calls under an `ask` policy wait here for the person; nothing decided within the timeout is denied. */
export class CallApprovalQueue {
  readonly #waiters = new Map<string, Waiter>();
  readonly #emitter: Emitter<ApprovalEvents>;
  readonly #timeoutMs: number;
  readonly #maxPerAgent: number;
  readonly #core: ProcessEnv;
  readonly #remember: CallApprovalQueueOptions['remember'];
  #closed = false;

  constructor(options: CallApprovalQueueOptions) {
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_APPROVAL_TIMEOUT_MS;
    this.#maxPerAgent = options.maxPendingPerAgent ?? DEFAULT_MAX_PENDING_PER_AGENT;
    this.#core = resolveProcessEnv(options, { env: process.env, log: () => undefined, now: Date.now });
    this.#remember = options.remember;
    this.#emitter = new Emitter((error) => this.#core.log(redact(`an approval listener failed: ${String(error)}`)));
  }

  /** Waits for a decision; an abort (the agent cancelled, or its answer's stream closed: StoppedWaiting) withdraws the request. */
  request(input: ApprovalRequest, signal?: AbortSignal): Promise<DecidedApproval> {
    const requestedAt = this.#core.now();
    // What the person reads (a URI, a name) is agent-supplied: redacted like everything shown.
    const pending: PendingApproval = { ...input, tool: redact(input.tool), id: randomBytes(6).toString('hex'), requestedAt, expiresAt: requestedAt + this.#timeoutMs };
    if (this.#closed) return Promise.resolve(this.#decision(pending, 'denied', 'closed', false));
    if (signal?.aborted) return Promise.resolve(this.#decision(pending, 'denied', withdrawn(signal), false));
    let waiting = 0;
    for (const w of this.#waiters.values()) if (w.pending.agent === input.agent) waiting++;
    if (waiting >= this.#maxPerAgent) return Promise.resolve(this.#decision(pending, 'denied', 'flood', false));
    return new Promise<DecidedApproval>((resolve) => {
      const onAbort = (): void => this.#settle(pending.id, 'denied', withdrawn(signal), false);
      const timer = setTimeout(() => this.#settle(pending.id, 'denied', 'timeout', false), this.#timeoutMs);
      timer.unref();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiters.set(pending.id, {
        pending,
        resolve,
        timer,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      });
      this.#emitter.emit('pending', { ...pending });
    });
  }

  list(): PendingApproval[] {
    return [...this.#waiters.values()].map((w) => ({ ...w.pending }));
  }

  /**
   * Lets the call through. `remember` also allows this tool for this agent from now on (saved), and
   * releases other calls of that agent to that tool waiting now, but for those held by a warning
   * (each is the person's to see). Only a service's tool call not held by a warning can be
   * remembered (remember-refusal.ts).
   * @throws CodedError not_found when nothing waits under that id (decided already, or timed out).
   * @throws CodedError invalid_input when asked to remember what no rule could allow, allowing nothing.
   */
  async allow(id: string, options: { remember?: boolean } = {}): Promise<void> {
    const waiter = this.#require(id);
    const remember = options.remember === true;
    if (remember) {
      const { agent, server, tool } = waiter.pending;
      refuseRemember(waiter.pending);
      await this.#remember(agent, server, tool);
      for (const other of [...this.#waiters.values()]) {
        const p = other.pending;
        if (p.id !== id && p.kind === 'tool' && p.agent === agent && p.server === server && p.tool === tool && p.warning === undefined) this.#settle(p.id, 'allowed', 'remembered', false);
      }
    }
    this.#settle(id, 'allowed', 'person', remember);
  }

  /** Denies everything waiting now (the person paused the bridge). */
  denyAll(reason: 'paused'): void {
    for (const id of [...this.#waiters.keys()]) this.#settle(id, 'denied', reason, false);
  }

  /** @throws CodedError not_found when nothing waits under that id. */
  deny(id: string): void {
    this.#require(id);
    this.#settle(id, 'denied', 'person', false);
  }

  on<E extends keyof ApprovalEvents>(event: E, listener: (payload: ApprovalEvents[E]) => void): () => void {
    return this.#emitter.on(event, listener);
  }

  /** Denies everything still waiting. Idempotent. */
  close(): void {
    this.#closed = true;
    for (const id of [...this.#waiters.keys()]) this.#settle(id, 'denied', 'closed', false);
  }

  #require(id: string): Waiter {
    const waiter = this.#waiters.get(id);
    if (!waiter) {
      // Worded as the command line's allow is refused (refuse-now.ts): deny and allow name it alike.
      throw new CodedError('not_found', redact(`No call is waiting for approval under id "${id}"`), {
        hint: 'It may have been decided or timed out; see `connected-services approvals list`',
      });
    }
    return waiter;
  }

  #decision(pending: PendingApproval, outcome: ApprovalOutcome, reason: ApprovalReason, remember: boolean): DecidedApproval {
    return { ...pending, outcome, reason, remember, decidedAt: this.#core.now() };
  }

  #settle(id: string, outcome: ApprovalOutcome, reason: ApprovalReason, remember: boolean): void {
    const waiter = this.#waiters.get(id);
    if (!waiter) return;
    this.#waiters.delete(id);
    clearTimeout(waiter.timer);
    waiter.cleanup();
    const decided = this.#decision(waiter.pending, outcome, reason, remember);
    this.#emitter.emit('decided', { ...decided });
    waiter.resolve(decided);
  }
}
