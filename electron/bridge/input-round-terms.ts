/** The terms of a 2026-07-28 agent's `input_required` rounds (input-rounds.ts). */
import type { GatherSetting, RetryWindow } from './round-gathering';

/** The requests a server may need answered during a call (MCP 2026-07-28 §InputRequests). */
export type InputMethod = 'elicitation/create' | 'sampling/createMessage' | 'roots/list';

/** The requests whose result may be `input_required` (MCP 2026-07-28 basic/patterns/mrtr; tasks are out of scope). */
export type RoundMethod = 'tools/call' | 'prompts/get' | 'resources/read';

export interface InputRequiredResult {
  [key: string]: unknown;
  resultType: 'input_required';
  inputRequests: Record<string, { method: InputMethod; params?: Record<string, unknown> }>;
  requestState: string;
}

/** Rounds one call may take before the bridge gives up on it (the SDK v2 client's own default bound is 10). */
export const MAX_ROUNDS = 16;
/** Calls one agent may hold open, waiting for its retries. */
export const MAX_HELD_PER_AGENT = 32;
/**
 * A server's requests one held call may have waiting for the agent at once: what the pool allows a
 * 2026-07-28 server in one round (pool/server-rounds.ts MAX_INPUT_REQUESTS), now also for a
 * 2025-era server's requests, which come one by one and had no bound.
 */
export const MAX_WAITING_ASKS = 16;
/**
 * A server's request put to an agent is at most this large as JSON (a person's view of one is bounded
 * alike, app/asks/ask-view.ts): a larger one is refused to the server, never held for the retry window.
 */
export const MAX_ASK_BYTES = 64 * 1024;
/** What one held call's waiting requests may add up to (half of 16 at the per-ask bound). */
export const MAX_ROUND_BYTES = 512 * 1024;
/** What every held call's waiting requests, of every agent, may add up to in `serve`. */
export const MAX_HELD_ASK_BYTES = 64 * 1024 * 1024;

/** A retry whose state names no call held for it now: used already, expired, or of another call. */
export class StaleRequestState extends Error {}

export interface InputRoundsOptions {
  windowMs?: RetryWindow;
  /** A fixed quiet; else `gather`'s. */
  gatherMs?: number;
  /** The quiet and bound of each round's gathering, read at each round (round-gathering.ts). */
  gather?: GatherSetting;
  now?: () => number;
}
