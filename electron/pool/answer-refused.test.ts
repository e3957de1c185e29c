import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadClientSdk } from './client-sdk';
import { toPoolError, type ErrorContext } from './map-error';
import { throughRounds, type AnswerInput } from './server-rounds';

beforeAll(async () => {
  await loadClientSdk();
});

const ctx: ErrorContext = { server: 'srv', phase: 'call', what: 'tool "x"', timeoutMs: 1000 };

const answer: AnswerInput = Object.assign(() => Promise.resolve({ action: 'accept', content: {} }), { admitRound: () => undefined });

/** A server that asks `methods` in one round, then refuses the retry that carries the answers as invalid params. */
async function refusedAfterAsking(methods: string[]): Promise<unknown> {
  const inputRequests = Object.fromEntries(methods.map((method, i) => [`k${i}`, { method, params: {} }]));
  return throughRounds(
    (answers) => (answers === undefined ? Promise.resolve({ resultType: 'input_required', inputRequests }) : Promise.reject(new ProtocolError(ProtocolErrorCode.InvalidParams, 'not that'))),
    answer,
    undefined,
  ).catch((error: unknown) => error);
}

describe('an answer the server refused', () => {
  it('is said to be the answer, named by what was asked', async () => {
    expect(toPoolError(await refusedAfterAsking(['elicitation/create']), ctx)).toMatchObject({
      code: 'invalid_input',
      message: '"srv" refused the answer to its question during tool "x": not that',
      hint: 'the arguments were accepted: run tool "x" again and give an answer that fits what "srv" asks',
      data: { mcpCode: -32602 },
    });
    expect(toPoolError(await refusedAfterAsking(['sampling/createMessage']), ctx).message).toBe('"srv" refused the model reply it asked for during tool "x": not that');
    expect(toPoolError(await refusedAfterAsking(['elicitation/create', 'roots/list']), ctx).message).toBe('"srv" refused the answers to what it asked during tool "x": not that');
  });

  it('leaves the first leg’s invalid params as the arguments’, and other errors of a retry as they were', async () => {
    const first = await throughRounds(() => Promise.reject(new ProtocolError(ProtocolErrorCode.InvalidParams, 'bad arg')), answer, undefined).catch((e: unknown) => e);
    expect(toPoolError(first, ctx).message).toBe('"srv" rejected the arguments of tool "x": bad arg');
    const failed = await throughRounds(
      (answers) => (answers === undefined ? Promise.resolve({ resultType: 'input_required', inputRequests: { k: { method: 'elicitation/create' } } }) : Promise.reject(new ProtocolError(ProtocolErrorCode.InternalError, 'broke'))),
      answer,
      undefined,
    ).catch((e: unknown) => e);
    expect(toPoolError(failed, ctx).message).toBe('"srv" answered with an error during tool "x": broke');
  });
});
