import { describe, expect, it } from 'vitest';
import type { Extra } from './call-gate';
import { InputRounds, type InputRequiredResult } from './input-rounds';

// One round gathers what the server asked at once (MCP 2026-07-28 basic/patterns/mrtr §InputRequests),
// waiting for a request still on its way to the agent (sampling behind the person's approval).
const extra = (): Extra => ({ signal: new AbortController().signal, sendNotification: () => Promise.resolve() });
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('HeldCall rounds', () => {
  it('a request expected after approval joins the round of the requests asked before it', async () => {
    const rounds = new InputRounds();
    const held = rounds.hold<string>('agent', 'prompts/get', 'p', 'digest');
    const signal = new AbortController().signal;
    const arrived = held.expect();
    held.ask('elicitation/create', { message: 'name?' }, signal).catch(() => undefined);
    held.ask('roots/list', undefined, signal).catch(() => undefined);
    let result: InputRequiredResult | string | undefined;
    const round = held.round(extra(), undefined).then((r) => (result = r));
    for (let i = 0; i < 5; i++) await turn();
    expect(result).toBeUndefined();
    held.ask('sampling/createMessage', { messages: [], maxTokens: 5 }, signal).catch(() => undefined);
    arrived();
    await round;
    const methods = Object.values((result as InputRequiredResult).inputRequests).map((r) => r.method);
    expect(methods.sort()).toEqual(['elicitation/create', 'roots/list', 'sampling/createMessage']);
    held.end(new Error('done'));
  });

  it('a refused approval releases the round with what was asked', async () => {
    const rounds = new InputRounds();
    const held = rounds.hold<string>('agent', 'tools/call', 't', 'digest');
    const arrived = held.expect();
    held.ask('elicitation/create', { message: 'name?' }, new AbortController().signal).catch(() => undefined);
    const round = held.round(extra(), undefined);
    arrived();
    arrived();
    const result = (await round) as InputRequiredResult;
    expect(Object.keys(result.inputRequests)).toHaveLength(1);
    held.end(new Error('done'));
  });
});
