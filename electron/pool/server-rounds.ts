import { z } from 'zod';
import { answerRefusedOf } from './answer-refused';

/**
 * A 2026-07-28 server's `input_required` results, answered by the pool (MCP 2026-07-28
 * basic/patterns/mrtr): each round's input requests go through our routing, then the request is sent
 * again with their answers under the server's keys (`inputResponses`) and its `requestState` echoed as
 * it came. The SDK client has a driver of its own for this, but it answers from inside the
 * transport's message handler, where nothing says which call the round belongs to; this loop runs in
 * the call's own async scope (call-scope.ts), so RunningCalls tells whose call it is, stdio included.
 */

/** One input request answered: its key, its method and params as the server sent them. */
export interface AnswerInput {
  (key: string, method: string, params: Record<string, unknown> | undefined, signal: AbortSignal): Promise<unknown>;
  /**
   * Before any request of a round is answered, with their methods: an error that declines the whole
   * round (ask-budget.ts), or undefined. Required: the answer itself charges nothing, so a wrapper
   * that dropped this would drop the ask budget without a word.
   */
  readonly admitRound: (methods: readonly string[]) => Error | undefined;
}

/** What a retry adds to the request's params. */
export interface RoundAnswers {
  inputResponses?: Record<string, unknown>;
  requestState?: string;
}

/** Rounds one request may take (the SDK client's own default bound). */
export const MAX_SERVER_ROUNDS = 10;
/** Input requests one round may carry: more is not a server asking a person or an agent something. */
export const MAX_INPUT_REQUESTS = 16;
/** A round with no input requests (the server only hands its state back) is retried after this pause, as the SDK does. */
export const STATE_ONLY_PAUSE_MS = 250;

const RoundSchema = z.object({
  resultType: z.literal('input_required'),
  inputRequests: z
    .record(z.string().min(1).max(256), z.object({ method: z.string().max(100), params: z.record(z.string(), z.unknown()).optional() }))
    .refine((requests) => Object.keys(requests).length <= MAX_INPUT_REQUESTS, `at most ${MAX_INPUT_REQUESTS} input requests in one round`)
    .optional(),
  requestState: z.string().max(1_000_000).optional(),
});

function isRound(result: unknown): boolean {
  return typeof result === 'object' && result !== null && (result as { resultType?: unknown }).resultType === 'input_required';
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = (): Error => (signal?.reason instanceof Error ? signal.reason : new Error('cancelled'));
    if (signal?.aborted) return reject(cancelled());
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Answers one round: admitted whole or declined whole before anyone is asked, then every request at
 * once, the first failure cancelling the others (as a person closing the dialog).
 */
async function answerRound(requests: Record<string, { method: string; params?: Record<string, unknown> | undefined }>, answer: AnswerInput, signal: AbortSignal | undefined): Promise<Record<string, unknown>> {
  const refused = answer.admitRound(Object.values(requests).map((request) => request.method));
  if (refused !== undefined) throw refused;
  const round = new AbortController();
  const stop = (): void => round.abort(signal?.reason);
  signal?.addEventListener('abort', stop, { once: true });
  if (signal?.aborted) stop();
  try {
    const answered = await Promise.all(
      Object.entries(requests).map(async ([key, request]) => {
        try {
          return [key, await answer(key, request.method, request.params, round.signal)] as const;
        } catch (error) {
          round.abort(error);
          throw error;
        }
      }),
    );
    return Object.fromEntries(answered);
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}

/**
 * Sends the request (`send(undefined)` first, then with each round's answers) until its result is
 * complete. Throws when the server keeps asking past MAX_SERVER_ROUNDS or sends a malformed round.
 */
export async function throughRounds<R>(send: (answers: RoundAnswers | undefined) => Promise<unknown>, answer: AnswerInput, signal: AbortSignal | undefined): Promise<R> {
  let result = await send(undefined);
  for (let rounds = 0; isRound(result); rounds++) {
    if (rounds >= MAX_SERVER_ROUNDS) throw new Error(`the server still asked for input after ${MAX_SERVER_ROUNDS} rounds`);
    const parsed = RoundSchema.safeParse(result);
    if (!parsed.success) throw new Error(`the server's input_required result is malformed: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    const requests = parsed.data.inputRequests ?? {};
    const answers: RoundAnswers = {};
    if (Object.keys(requests).length > 0) answers.inputResponses = await answerRound(requests, answer, signal);
    else await pause(STATE_ONLY_PAUSE_MS, signal);
    if (parsed.data.requestState !== undefined) answers.requestState = parsed.data.requestState;
    const asked = Object.values(requests).map((request) => request.method);
    result = await send(answers).catch((error: unknown) => {
      throw asked.length > 0 ? answerRefusedOf(error, asked) : error;
    });
  }
  return result as R;
}
