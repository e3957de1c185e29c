import { describe, expect, it } from 'vitest';
import { MAX_INPUT_REQUESTS, MAX_SERVER_ROUNDS, throughRounds, type AnswerInput, type RoundAnswers } from './server-rounds';

// The pool's side of MCP 2026-07-28 basic/patterns/mrtr: a modern server's input requests answered
// under its keys, its requestState echoed as it came, bounded in rounds and in requests per round.
/** An answer that admits every round: these tests are of the rounds, not of the ask budget. */
const admitting = (answer: (...args: Parameters<AnswerInput>) => Promise<unknown>): AnswerInput => Object.assign(answer, { admitRound: () => undefined });

const elicit = (message: string) => ({ method: 'elicitation/create', params: { message, requestedSchema: { type: 'object', properties: {} } } });

describe('throughRounds', () => {
  it("answers each round under the server's keys and sends its state back as it came, until the result is complete", async () => {
    const sent: (RoundAnswers | undefined)[] = [];
    const replies: unknown[] = [
      { resultType: 'input_required', inputRequests: { user_name: elicit('name?') }, requestState: 'opaque-1' },
      { resultType: 'input_required', inputRequests: { colour: elicit('colour?') }, requestState: 'opaque-2' },
      { content: [{ type: 'text', text: 'done' }] },
    ];
    const asked: string[] = [];
    const answer = admitting((key, method) => {
      asked.push(`${key} ${method}`);
      return Promise.resolve({ action: 'accept', content: { value: key } });
    });
    const result = await throughRounds((answers) => (sent.push(answers), Promise.resolve(replies.shift())), answer, undefined);
    expect(result).toEqual({ content: [{ type: 'text', text: 'done' }] });
    expect(asked).toEqual(['user_name elicitation/create', 'colour elicitation/create']);
    expect(sent).toEqual([
      undefined,
      { inputResponses: { user_name: { action: 'accept', content: { value: 'user_name' } } }, requestState: 'opaque-1' },
      { inputResponses: { colour: { action: 'accept', content: { value: 'colour' } } }, requestState: 'opaque-2' },
    ]);
  });

  it('gives up on a server that keeps asking', async () => {
    let sends = 0;
    const asking = (): Promise<unknown> => (sends++, Promise.resolve({ resultType: 'input_required', inputRequests: { again: elicit('?') } }));
    await expect(throughRounds(asking, admitting(() => Promise.resolve({ action: 'decline' })), undefined)).rejects.toThrow(`after ${MAX_SERVER_ROUNDS} rounds`);
    expect(sends).toBe(MAX_SERVER_ROUNDS + 1);
  });

  it('refuses a round with more requests than a round may carry, asking nobody', async () => {
    const many = Object.fromEntries(Array.from({ length: MAX_INPUT_REQUESTS + 1 }, (_, i) => [`k${i}`, elicit('?')]));
    let asked = 0;
    const answer = admitting(() => (asked++, Promise.resolve({ action: 'decline' })));
    await expect(throughRounds(() => Promise.resolve({ resultType: 'input_required', inputRequests: many }), answer, undefined)).rejects.toThrow('malformed');
    expect(asked).toBe(0);
  });

  it('a round its admission declines is declined whole, asking nobody', async () => {
    const methods: (readonly string[])[] = [];
    let asked = 0;
    const answer: AnswerInput = Object.assign(() => (asked++, Promise.resolve({ action: 'accept' })), {
      admitRound: (round: readonly string[]) => (methods.push(round), new Error('over the ask budget')),
    });
    const round = { resultType: 'input_required', inputRequests: { a: elicit('?'), b: elicit('?') } };
    await expect(throughRounds(() => Promise.resolve(round), answer, undefined)).rejects.toThrow('over the ask budget');
    expect({ methods, asked }).toEqual({ methods: [['elicitation/create', 'elicitation/create']], asked: 0 });
  });

  it('a request that fails cancels the others of its round, and the call fails', async () => {
    let other: AbortSignal | undefined;
    const answer = admitting((key, _method, _params, signal) => {
      if (key === 'bad') return Promise.reject(new Error('refused'));
      other = signal;
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('cancelled')), { once: true }));
    });
    const round = { resultType: 'input_required', inputRequests: { good: elicit('?'), bad: elicit('?') } };
    await expect(throughRounds(() => Promise.resolve(round), answer, undefined)).rejects.toThrow('refused');
    expect(other?.aborted).toBe(true);
  });
});

describe('throughRounds, a round with no requests', () => {
  it('sends the state back after a pause, and the call\'s cancel ends the pause', async () => {
    const sent: (RoundAnswers | undefined)[] = [];
    const replies: unknown[] = [{ resultType: 'input_required', requestState: 'busy' }, { content: [] }];
    await expect(throughRounds((answers) => (sent.push(answers), Promise.resolve(replies.shift())), admitting(() => Promise.reject(new Error('unused'))), undefined)).resolves.toEqual({ content: [] });
    expect(sent).toEqual([undefined, { requestState: 'busy' }]);
    const cancel = new AbortController();
    const waiting = throughRounds(() => Promise.resolve({ resultType: 'input_required', requestState: 'busy' }), admitting(() => Promise.reject(new Error('unused'))), cancel.signal);
    cancel.abort(new Error('the agent cancelled'));
    await expect(waiting).rejects.toThrow('the agent cancelled');
  });
});
