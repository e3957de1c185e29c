import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ApiMethod, Caller, Confirmation, ConfirmationAnswer, ConfirmationOutcome } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { Emitter } from '../../../shared/events';
import { markProcess, stillRunning, type ProcessMark } from '../../proc-env';

export const CONFIRMATION_TTL_MS = 10 * 60_000;
/** More waiting than this and new requests are refused: a script cannot bury the person in cards. */
export const MAX_WAITING_CONFIRMATIONS = 20;

export interface ConfirmationsOptions {
  now?: () => number;
  ttlMs?: number;
  maxWaiting?: number;
  /** How an asking process is named and found still running (proc-env; fakes in tests). */
  processes?: AskerProcesses;
}

export interface AskerProcesses {
  mark(pid: number): ProcessMark | undefined;
  running(mark: ProcessMark): boolean;
}

const REAL_PROCESSES: AskerProcesses = { mark: (pid) => markProcess(pid), running: (mark) => stillRunning(mark) };

/**
 * Requests that mean nothing without the program that asked: what it declares lives as long as it does.
 * Any other request (a command run with `agents connect`, `secrets set`) is asked and left by design: the
 * command has ended when the person confirms it, so an ended asker is no reason to refuse.
 */
const LIVING_ASKER: ReadonlySet<string> = new Set<ApiMethod>(['declareServers', 'declareAgents']);

/** Methods whose answer is for the person alone: a new agent's token. */
const PERSON_ONLY_ANSWERS: ReadonlySet<string> = new Set<ApiMethod>(['addAgent', 'rotateAgent']);

/**
 * What of a confirmed request's result its asker gets: none of a person-only answer, and never a
 * `token` member of any other (a connect to a client that keeps the token itself hands back the
 * agent's new token, shown to the person who confirmed; any process of the user can be the asker).
 */
function resultForAsker(method: string, result: unknown): unknown {
  if (PERSON_ONLY_ANSWERS.has(method)) return undefined;
  if (typeof result !== 'object' || result === null || Array.isArray(result) || !Object.hasOwn(result, 'token')) return result;
  const { token: _token, ...rest } = result as Record<string, unknown>;
  return rest;
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
  /** When what it decides stops waiting itself (a held call's expiry): a confirmation never outlives it. */
  notAfter?: number;
}

interface Waiting {
  view: Confirmation;
  method: ApiMethod;
  input: unknown;
  /** The asking process as it was when it asked; null when the pid it gave ran no process then. */
  asker?: ProcessMark | null;
}

/** A request taken to be decided, with its asker as it stands now. */
export interface TakenConfirmation {
  view: Confirmation;
  method: ApiMethod;
  input: unknown;
  /** The asking process, still running; undefined when it gave no pid. */
  asker?: ProcessMark;
  /** It gave a pid and that process has exited: what it asked for is for nobody now. */
  askerGone: boolean;
}

/** A request as its asker holds it: the view everyone may list, and the claim only the asker gets. */
export interface AskedConfirmation {
  confirmation: Confirmation;
  /** Presented to `answer`: ids are listed to every command-line caller, so they prove nothing. */
  claim: string;
}

/** Inputs are parsed by their schema before they get here, so their keys come in one order. */
const sameRequestKey = (method: ApiMethod, input: unknown, from: Caller): string => JSON.stringify([method, input, from]);

const digest = (claim: string): Buffer => createHash('sha256').update(claim, 'utf8').digest();

export interface ConfirmationsEvents {
  pending: Confirmation;
  decided: { confirmation: Confirmation; outcome: ConfirmationOutcome };
}

/** Widenings asked for from the command line, waiting for the person; they expire. */
export class Confirmations {
  readonly #now: () => number;
  readonly #ttlMs: number;
  readonly #max: number;
  readonly #processes: AskerProcesses;
  readonly #waiting = new Map<string, Waiting>();
  readonly #ended = new Map<string, ConfirmationAnswer>();
  /** Why a request the person never decided was withdrawn, said to whoever answers it later. */
  readonly #withdrawnWhy = new Map<string, string>();
  readonly #deciding = new Set<string>();
  /** Each request's claim, hashed: kept while the request waits or its end is kept. */
  readonly #claims = new Map<string, Buffer>();
  readonly #emitter = new Emitter<ConfirmationsEvents>();

  constructor(options: ConfirmationsOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#ttlMs = options.ttlMs ?? CONFIRMATION_TTL_MS;
    this.#max = options.maxWaiting ?? MAX_WAITING_CONFIRMATIONS;
    this.#processes = options.processes ?? REAL_PROCESSES;
  }

  request(request: ConfirmationRequest): AskedConfirmation {
    this.expire();
    // The same change asked again after its asker exited (a command run twice): one card, the newer.
    // A request whose asker still runs stays its own: another process's copy must not take its place.
    const asked = sameRequestKey(request.method, request.input, request.from);
    for (const [id, waiting] of [...this.#waiting]) {
      if (this.#askerExited(waiting) && sameRequestKey(waiting.method, waiting.input, waiting.view.from) === asked) {
        this.#endOne(id, waiting, 'withdrawn', 'the same change was asked for again after the program that asked exited; the newer request waits instead');
      }
    }
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
      expiresAt: Math.min(requestedAt + this.#ttlMs, request.notAfter ?? Infinity),
    };
    const claim = randomBytes(32).toString('base64url');
    const asker = request.pid !== undefined ? (this.#processes.mark(request.pid) ?? null) : undefined;
    this.#waiting.set(view.id, { view, method: request.method, input: request.input, ...(asker !== undefined ? { asker } : {}) });
    this.#claims.set(view.id, digest(claim));
    this.#emitter.emit('pending', view);
    return { confirmation: view, claim };
  }

  /** What waits; a request whose asking process has exited says so (`askerGone`). */
  list(): Confirmation[] {
    this.expire();
    return [...this.#waiting.values()].map((w) => (this.#gone(w) ? { ...w.view, askerGone: true } : w.view));
  }

  /** Takes a waiting request out to run or refuse it; `not_found` when unknown or expired. */
  take(id: string): TakenConfirmation {
    this.expire();
    const waiting = this.#waiting.get(id);
    if (!waiting) {
      const why = this.#withdrawnWhy.get(id);
      if (why !== undefined) throw new CodedError('not_found', `Change ${id} was withdrawn: ${why}`, { hint: 'Nothing was changed; there is nothing left to confirm' });
      throw new CodedError('not_found', `No change ${id} is waiting for confirmation`, { hint: 'It was decided already, or expired: ask for it again' });
    }
    this.#waiting.delete(id);
    // Confirmed and running: still waiting, for whoever asked, until it is settled.
    this.#deciding.add(id);
    const askerGone = this.#gone(waiting);
    return { view: waiting.view, method: waiting.method, input: waiting.input, askerGone, ...(waiting.asker && !askerGone ? { asker: waiting.asker } : {}) };
  }

  /**
   * The asker takes back its own waiting request (it stopped waiting, or is closing), proven by its
   * claim; it ends as withdrawn. A request already decided or unknown is left as it is.
   */
  withdraw(id: string, claim: string): void {
    this.#proveAsker(id, claim);
    const waiting = this.#waiting.get(id);
    if (waiting) this.#endOne(id, waiting, 'withdrawn', 'the program that asked for it took it back');
  }

  /**
   * Withdraws the waiting requests `moot` picks, `why` said to whoever answers one later: what they
   * ask for is gone (an agent's call they would allow has ended).
   */
  withdrawWhere(moot: (method: ApiMethod, input: unknown) => boolean, why: string): void {
    for (const [id, waiting] of [...this.#waiting]) if (moot(waiting.method, waiting.input)) this.#endOne(id, waiting, 'withdrawn', why);
  }

  #gone(waiting: Waiting): boolean {
    return LIVING_ASKER.has(waiting.method) && this.#askerExited(waiting);
  }

  /** It gave a pid, and that process no longer runs (or never did). Without a pid, nothing says so. */
  #askerExited(waiting: Waiting): boolean {
    if (waiting.asker === undefined) return false;
    return waiting.asker === null || !this.#processes.running(waiting.asker);
  }

  #proveAsker(id: string, claim: string): void {
    const kept = this.#claims.get(id);
    if (!kept || !timingSafeEqual(kept, digest(claim))) {
      throw new CodedError('not_found', `No change ${id} was asked for recently by this caller`, { hint: 'Ask for it again' });
    }
  }

  /**
   * Reports how a taken request ended, and keeps its end for whoever asked (`answer`): a result only
   * where it is not the person's alone (a new agent's token is shown to the person, never to the asker).
   */
  settle(confirmation: Confirmation, outcome: ConfirmationOutcome, answer: { result?: unknown; error?: string } = {}): void {
    this.#deciding.delete(confirmation.id);
    const keep = { ...answer, result: resultForAsker(confirmation.method, answer.result) };
    this.#ended.set(confirmation.id, { outcome, ...(keep.result !== undefined ? { result: keep.result } : {}), ...(keep.error !== undefined ? { error: keep.error } : {}) });
    this.#forgetOldest();
    this.#emitter.emit('decided', { confirmation, outcome });
  }

  /**
   * How a request stands for whoever asked it, proven by its claim: waiting, or how it ended (recent
   * ones only). A result is handed out once; a wrong claim is told the same as an unknown id.
   */
  answer(id: string, claim: string): ConfirmationAnswer {
    this.expire();
    this.#proveAsker(id, claim);
    if (this.#waiting.has(id) || this.#deciding.has(id)) return { outcome: 'waiting' };
    const ended = this.#ended.get(id);
    if (!ended) throw new CodedError('not_found', `No change ${id} was asked for recently by this caller`, { hint: 'Ask for it again' });
    if (ended.result !== undefined) this.#ended.set(id, { outcome: ended.outcome, ...(ended.error !== undefined ? { error: ended.error } : {}) });
    const why = this.#withdrawnWhy.get(id);
    return why !== undefined && ended.error === undefined ? { ...ended, error: why } : ended;
  }

  /** Whether this process still holds the request: waiting, or confirmed and running (not expired by time). */
  isOpen(id: string): boolean {
    this.expire();
    return this.#waiting.has(id) || this.#deciding.has(id);
  }

  /** Drops requests past their time, reporting each as expired. */
  expire(): void {
    const now = this.#now();
    for (const [id, waiting] of this.#waiting) if (waiting.view.expiresAt <= now) this.#expireOne(id, waiting);
  }

  /**
   * The app is stopping: every waiting request ends, reported as expired. Requests live in this
   * process only, so none can be confirmed after it; unreported, the log would show them waiting for ever.
   */
  expireAll(): void {
    for (const [id, waiting] of this.#waiting) this.#expireOne(id, waiting);
  }

  #expireOne(id: string, waiting: Waiting): void {
    this.#endOne(id, waiting, 'expired');
  }

  #endOne(id: string, waiting: Waiting, outcome: 'expired' | 'withdrawn', why?: string): void {
    this.#waiting.delete(id);
    this.#ended.set(id, { outcome });
    if (why !== undefined) this.#withdrawnWhy.set(id, why);
    this.#forgetOldest();
    this.#emitter.emit('decided', { confirmation: waiting.view, outcome });
  }

  /** Ends are kept as long as requests wait: a few for a while, never a growing log. */
  #forgetOldest(): void {
    while (this.#ended.size > this.#max) {
      const oldest = this.#ended.keys().next().value as string;
      this.#ended.delete(oldest);
      this.#claims.delete(oldest);
      this.#withdrawnWhy.delete(oldest);
    }
  }

  on<E extends keyof ConfirmationsEvents>(event: E, listener: (payload: ConfirmationsEvents[E]) => void): () => void {
    return this.#emitter.on(event, listener);
  }
}
