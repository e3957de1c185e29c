import { randomUUID } from 'node:crypto';
import { HeldCall, type HeldCalls } from './held-call';
import { RequestStateSeal, type StateClaims } from './request-state-seal';
import { gatherTimes, retryWindow, type GatherTimes } from './round-gathering';
import { MAX_HELD_ASK_BYTES, MAX_HELD_PER_AGENT, StaleRequestState, type InputRoundsOptions, type RoundMethod } from './input-round-terms';
export { MAX_ASK_BYTES, MAX_HELD_ASK_BYTES, MAX_HELD_PER_AGENT, MAX_ROUND_BYTES, MAX_ROUNDS, MAX_WAITING_ASKS, StaleRequestState, type InputMethod, type InputRequiredResult, type InputRoundsOptions, type RoundMethod } from './input-round-terms';
export { HeldCall } from './held-call';

/**
 * The held calls of every 2026-07-28 agent, found again by the one-time id sealed in the state
 * (request-state-seal.ts). A state opens once: its id is consumed by the retry that presents it.
 */
export class InputRounds implements HeldCalls {
  /** How long an agent has to retry after an `input_required` result, read at each round. */
  readonly windowMs: () => number;
  /** Each round's gathering times, read when it starts gathering. */
  readonly gather: () => GatherTimes;
  readonly #now: () => number;
  readonly #seal: RequestStateSeal;
  readonly #live = new Map<string, HeldCall<unknown>>();
  /** The calls each agent holds: counted from the server's first request the agent is asked, until the call is forgotten. */
  readonly #held = new Map<string, number>();
  /** The JSON size of every request waiting for an agent, across agents (MAX_HELD_ASK_BYTES). */
  #bytes = 0;

  constructor(options: InputRoundsOptions = {}) {
    this.windowMs = retryWindow(options.windowMs);
    this.gather = gatherTimes(options.gather, options.gatherMs);
    this.#now = options.now ?? Date.now;
    this.#seal = new RequestStateSeal(this.#now);
  }

  hold<R>(agent: string, method: RoundMethod, name: string, digest: string | (() => string)): HeldCall<R> {
    return new HeldCall<R>(this, agent, method, name, digest);
  }

  /** The claims of a state sealed for this agent and method, unexpired; throws otherwise (answered -32602 by the SDK). */
  open(agent: string, state: string, method: string): StateClaims {
    const opened = this.#seal.open(agent, state);
    if ('refused' in opened) throw new Error(opened.refused);
    if (opened.claims.method !== method) throw new Error(`made for ${opened.claims.method}, presented on ${method}`);
    return opened.claims;
  }

  /** The call a retry resumes, its state's id used up; the method, name and arguments must be those the state was made for. */
  resume<R>(agent: string, claims: StateClaims, name: string, digest: string): HeldCall<R> {
    const held = this.#live.get(claims.id);
    if (!held || held.agent !== agent || held.liveId !== claims.id) throw new StaleRequestState('the state was used already, or its call has ended');
    if (claims.name !== name || claims.digest !== digest || held.name !== name || held.digest !== digest || held.method !== claims.method) throw new StaleRequestState('the state was made for another call');
    this.#live.delete(claims.id);
    held.liveId = undefined;
    return held as HeldCall<R>;
  }

  /** A new one-time state for the held call's next retry. */
  issue(held: HeldCall<unknown>): string {
    const id = randomUUID();
    if (held.liveId !== undefined) this.#live.delete(held.liveId);
    held.liveId = id;
    this.#live.set(id, held);
    return this.#seal.seal(held.agent, { id, method: held.method, name: held.name, digest: held.digest, exp: this.#now() + this.windowMs() });
  }

  forget(held: HeldCall<unknown>): void {
    if (held.liveId !== undefined) this.#live.delete(held.liveId);
    held.liveId = undefined;
    if (!held.counted) return;
    held.counted = false;
    const count = (this.#held.get(held.agent) ?? 1) - 1;
    if (count > 0) this.#held.set(held.agent, count);
    else this.#held.delete(held.agent);
  }

  /**
   * Whether the agent may hold one more call open (this one counts if it is held already). A call
   * counts from the first request put to the agent, not from its first round's answer: calls asked
   * at once, none answered yet, count each.
   */
  mayHold(held: HeldCall<unknown>): boolean {
    if (held.counted) return true;
    const count = this.#held.get(held.agent) ?? 0;
    if (count >= MAX_HELD_PER_AGENT) return false;
    this.#held.set(held.agent, count + 1);
    held.counted = true;
    return true;
  }

  /** Counts a waiting request's size against MAX_HELD_ASK_BYTES; false (nothing counted) past it. */
  takeBytes(bytes: number): boolean {
    if (this.#bytes + bytes > MAX_HELD_ASK_BYTES) return false;
    this.#bytes += bytes;
    return true;
  }

  giveBytes(bytes: number): void {
    this.#bytes = Math.max(0, this.#bytes - bytes);
  }

  /** The agent was removed or its token rotated: its held calls end. */
  drop(agent: string): void {
    for (const held of [...this.#live.values()]) {
      if (held.agent !== agent) continue;
      this.forget(held);
      held.end(new Error(`agent "${agent}" was removed`));
    }
  }
}
