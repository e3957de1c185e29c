import type { ServerNotification } from '@modelcontextprotocol/server';
import { LazyAbort } from '../pool';
import type { GateRecheck, HeldRounds } from './agent-asker';
import type { Extra } from './call-gate';
import { HeldExtra } from './held-extra';
import type { NeededCapability } from './lacked-capability';
import { GatherDeadline, pause, type GatherTimes } from './round-gathering';
import { roundKey } from './input-keys';
import { MAX_ASK_BYTES, MAX_HELD_PER_AGENT, MAX_ROUND_BYTES, MAX_ROUNDS, MAX_WAITING_ASKS, type InputMethod, type InputRequiredResult, type RoundMethod } from './input-round-terms';
import { callCancellation } from './tool-call-lane';
import { tooManyHeld } from './refusals';

/** What a held call needs of the table of every held call (input-rounds.ts InputRounds). */
export interface HeldCalls {
  windowMs(): number;
  gather(): GatherTimes;
  /** Whether the agent may hold this call open (counted from then on until `forget`). */
  mayHold(held: HeldCall<unknown>): boolean;
  issue(held: HeldCall<unknown>): string;
  forget(held: HeldCall<unknown>): void;
  /** Counts a waiting request's size against the bound of all held requests; false past it. */
  takeBytes(bytes: number): boolean;
  giveBytes(bytes: number): void;
}

/** A server's request waiting for the agent's retry. */
type Ask = { method: InputMethod; params: Record<string, unknown> | undefined; settle(value: unknown): void; fail(error: Error): void };

type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };
const NONE_LACKED: ReadonlySet<NeededCapability> = new Set();
/** The error a round throws when a server's request needed capabilities the agent did not declare (HeldCall.round). */
export type Lacking = (lacked: ReadonlySet<NeededCapability>) => Error;

/** A server's request whose call ended before the agent answered it: a form dismissed (`cancel`), no roots, sampling refused. */
function dismiss(ask: Pick<Ask, 'method' | 'settle' | 'fail'>, reason: Error): void {
  if (ask.method === 'elicitation/create') ask.settle({ action: 'cancel' });
  else if (ask.method === 'roots/list') ask.settle({ roots: [] });
  else ask.fail(reason);
}

/**
 * One tools/call, prompts/get or resources/read of a 2026-07-28 agent whose upstream request stays open across its `input_required` rounds
 * (issue #30 item 4): the server's requests during it wait here until the agent's retry carries their answers. A round gathers every request
 * the server sent at once (mrtr §InputRequests: several in one result), including one still awaiting the person's approval on its way to
 * the agent. Bounded: the agent retries within the window or the call is cancelled.
 */
export class HeldCall<R> implements HeldRounds {
  /** Made into an AbortController only if something reads its signal: most calls are never asked back nor cancelled. */
  readonly #cancel = new LazyAbort();
  /** Made when the server first asks (input-keys.ts reads it): most calls are never asked back. */
  #asked: Map<string, Ask> | undefined;
  #lacked: Set<NeededCapability> | undefined;
  #counter = 0;
  #rounds = 0;
  /** The JSON size of this call's requests waiting for the agent (MAX_ROUND_BYTES). */
  #bytes = 0;
  /** Requests on their way to the agent (sampling awaiting the person's approval): the round waits for them. */
  #coming = 0;
  /** Requests (and expected ones) that reached this call: a round gathers until none came for a while. */
  #arrivals = 0;
  #outcome: Outcome<R> | undefined;
  #wake: (() => void) | undefined;
  #round: { extra: Extra; progressToken: string | number | undefined } | undefined;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly rounds: HeldCalls,
    readonly agent: string,
    readonly method: RoundMethod,
    readonly name: string,
    private digestOf: string | (() => string),
  ) {}

  /** What binds a sealed state to the call's arguments (`argumentsDigest`): made when first needed, most calls seal none. */
  get digest(): string {
    return typeof this.digestOf === 'string' ? this.digestOf : (this.digestOf = this.digestOf());
  }

  /** Capabilities a server's request needed that the agent's request did not declare (lacked-capability.ts). */
  get lacked(): ReadonlySet<NeededCapability> {
    return this.#lacked ?? NONE_LACKED;
  }

  lacks(capability: NeededCapability): void {
    (this.#lacked ??= new Set()).add(capability);
  }
  get #asks(): Map<string, Ask> {
    return (this.#asked ??= new Map());
  }
  /** Whether a server's request waits for the agent's answer. */
  #waiting(): boolean {
    return this.#asked !== undefined && this.#asked.size > 0;
  }

  /** The one-time id of the state last given out; undefined once used. */
  liveId: string | undefined;
  /** Counted among the calls its agent holds (InputRounds.mayHold), until forgotten. */
  counted = false;
  /** Set by the gate when the call passed it: each retry passes it again before its answers go on. */
  recheck: GateRecheck | undefined;

  /** What the call runs with: cancelled with the held call; progress and log messages go to whichever round is open (MCP 2026-07-28 §Progress); the service is asked at the first request's log level. */
  extra(logLevel?: Extra['logLevel']): Extra {
    return new HeldExtra(this.#cancel, logLevel, this);
  }

  /** A notification of the call, to the round open now (its own progress token on progress), else dropped. */
  async notifyRound(notification: ServerNotification): Promise<void> {
    const round = this.#round;
    if (!round) return;
    if (notification.method !== 'notifications/progress') return round.extra.sendNotification(notification);
    if (round.progressToken === undefined) return;
    await round.extra.sendNotification({ ...notification, params: { ...notification.params, progressToken: round.progressToken } });
  }

  run(work: Promise<R>): void {
    work.then((value) => this.#settle({ ok: true, value }), (error: unknown) => this.#settle({ ok: false, error }));
  }

  /** A server's request during the call (under its own key where it can be: input-keys.ts): answered by the agent's next retry, or failed when `signal` aborts. */
  ask(method: InputMethod, params: Record<string, unknown> | undefined, signal: AbortSignal, serverKey?: string): Promise<unknown> {
    // A call already answered asks nothing more (nor counts again among its agent's held calls).
    if (this.#cancel.aborted || signal.aborted || this.#outcome !== undefined) return Promise.reject(new Error('the call ended before the agent was asked'));
    if (!this.rounds.mayHold(this)) {
      // The agent's fault, told to it by the bridge (call-gate.ts), not via the server failing its call: the call ends, its request dismissed.
      this.end(tooManyHeld(MAX_HELD_PER_AGENT, this.rounds.windowMs()));
      return new Promise((settle, fail) => dismiss({ method, settle, fail }, new Error(`the call was ended: agent "${this.agent}" has too many calls waiting for its answers`)));
    }
    // More questions at once is no server asking an agent something: each past the bound is dismissed.
    if (this.#asked !== undefined && this.#asked.size >= MAX_WAITING_ASKS) {
      return new Promise((settle, fail) => dismiss({ method, settle, fail }, new Error(`more than ${MAX_WAITING_ASKS} requests of the server wait for the agent in this call`)));
    }
    // A request is held whole for the retry window: one too large is refused to the server, never put to the agent.
    const bytes = params === undefined ? 0 : JSON.stringify(params).length;
    const tooLarge = this.#tooLarge(bytes);
    if (tooLarge !== undefined) return Promise.reject(new Error(tooLarge));
    this.#bytes += bytes;
    return new Promise((resolve, reject) => {
      const key = roundKey(method, serverKey, this.#asks, () => ++this.#counter);
      const done = (): void => {
        this.#asks.delete(key);
        signal.removeEventListener('abort', onAbort);
        this.#bytes -= bytes;
        this.rounds.giveBytes(bytes);
      };
      const onAbort = (): void => ask.fail(new Error('the request ended before the agent answered'));
      const ask: Ask = { method, params, settle: (value) => (done(), resolve(value)), fail: (error) => (done(), reject(error)) };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#asks.set(key, ask);
      this.#arrivals += 1;
      this.#wake?.();
    });
  }

  /** Why a request of `bytes` is not put to the agent (its own size, this call's, or every held call's), if it is not; counted otherwise. */
  #tooLarge(bytes: number): string | undefined {
    if (bytes > MAX_ASK_BYTES) return `declined: the request is ${String(bytes)} bytes as JSON, more than the ${String(MAX_ASK_BYTES / 1024)} KiB the bridge puts to an agent`;
    if (this.#bytes + bytes > MAX_ROUND_BYTES) return `declined: this call's requests waiting for the agent would pass ${String(MAX_ROUND_BYTES / 1024)} KiB`;
    if (!this.rounds.takeBytes(bytes)) return 'declined: the requests waiting for agents fill what the bridge holds; ask again later';
    return undefined;
  }

  /**
   * A request of the server's will be put to the agent once the person approves it: the next round
   * waits until it arrives (or is refused), so the agent gets it with the others in one result.
   * Returns what to call then (once).
   */
  expect(): () => void {
    this.#coming += 1;
    this.#arrivals += 1;
    this.#wake?.();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#coming -= 1;
      this.#wake?.();
    };
  }

  /** The retry's answers: each valid one settles its request, a refused one fails it; a missing or malformed one is asked again (mrtr §Error Handling). */
  answer(responses: Record<string, unknown> | undefined, judge: (method: InputMethod, value: unknown, params: Record<string, unknown> | undefined) => boolean | string): void {
    for (const [key, ask] of [...(this.#asked ?? [])]) {
      const value = responses !== undefined && Object.hasOwn(responses, key) ? responses[key] : undefined;
      if (value === undefined) continue;
      const verdict = judge(ask.method, value, ask.params);
      if (verdict === true) ask.settle(value);
      else if (typeof verdict === 'string') ask.fail(new Error(verdict));
    }
  }

  /**
   * One round: waits for the call's outcome, or for requests of the server to put to the agent (then an
   * `input_required` result with a fresh sealed state). The agent closing its request cancels the call
   * (MCP 2026-07-28 §Cancellation: on HTTP, closing the stream is the signal). With `lacking`, a round
   * that fails, or ends in an error result, after a server's request needed a capability the agent's
   * request did not declare throws what `lacking` makes of those instead (here, not in an async frame
   * of the caller's: one promise and one resumption fewer per call).
   */
  async round(extra: Extra, progressToken: string | number | undefined, lacking?: Lacking): Promise<R | InputRequiredResult> {
    this.#stopTimer();
    if (++this.#rounds > MAX_ROUNDS) this.end(new Error(`the call took more than ${MAX_ROUNDS} rounds`));
    this.#round = { extra, progressToken };
    const gone = (): void => this.end(new Error('the agent cancelled its call'));
    // The request's own cancellation: on the lane, a listener on it makes no AbortSignal (modern-lane.ts).
    const request = callCancellation(extra);
    const stopListening = request.onAbort(gone);
    if (request.aborted) gone();
    let gathering: GatherDeadline | undefined;
    try {
      for (;;) {
        const outcome = this.#outcome;
        if (outcome) {
          this.rounds.forget(this);
          if (outcome.ok && (lacking === undefined || this.#lacked === undefined || (outcome.value as { isError?: unknown }).isError !== true)) return outcome.value;
          // An error result after a lacked capability is thrown, to be answered as the lack below.
          throw outcome.ok ? outcome.value : outcome.error;
        }
        if (this.#waiting() && this.#coming === 0 && !this.#cancel.aborted) {
          // The server's requests sent together arrive over several reads: the round answers once none came for a while.
          gathering ??= new GatherDeadline(this.rounds.gather());
          const seen = this.#arrivals;
          const quiet = await pause(gathering.quietMs, (wake) => (this.#wake = wake));
          const ready = this.#outcome === undefined && this.#coming === 0 && this.#waiting() && !this.#cancel.aborted;
          if (ready && ((quiet && this.#arrivals === seen) || gathering.over)) return this.#inputRequired();
          continue;
        }
        await new Promise<void>((wake) => (this.#wake = wake));
      }
    } catch (error) {
      if (lacking === undefined || this.#lacked === undefined) throw error;
      throw lacking(this.#lacked);
    } finally {
      gathering?.stop();
      stopListening();
      this.#round = undefined;
      this.#wake = undefined;
    }
  }

  /** Ends the call: the server's open requests get a refusal (elicitation `cancel`, roots none) and the call a cancel. */
  end(reason: Error): void {
    this.#stopTimer();
    for (const ask of [...(this.#asked?.values() ?? [])]) dismiss(ask, reason);
    if (!this.#cancel.aborted) this.#cancel.abort(reason);
    this.#wake?.();
  }

  #inputRequired(): InputRequiredResult {
    const inputRequests: InputRequiredResult['inputRequests'] = {};
    for (const [key, ask] of this.#asks) inputRequests[key] = { method: ask.method, ...(ask.params === undefined ? {} : { params: ask.params }) };
    const requestState = this.rounds.issue(this);
    this.#timer = setTimeout(() => {
      this.rounds.forget(this);
      this.end(new Error(`agent "${this.agent}" did not retry its call in time`));
    }, this.rounds.windowMs());
    this.#timer.unref();
    return { resultType: 'input_required', inputRequests, requestState };
  }

  #settle(outcome: Outcome<R>): void {
    this.#outcome = outcome;
    this.#wake?.();
  }

  #stopTimer(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
