import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Extra } from './call-gate';
import { InputRounds, MAX_HELD_PER_AGENT, MAX_WAITING_ASKS, type HeldCall, type InputRequiredResult } from './input-rounds';
import { CallRefused } from './refusals';
import { MAX_GATHER_MS } from './round-gathering';

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

  describe('gathering (a server\'s requests of one call arrive over several reads)', () => {
    // Only the gathering's timers are fake; the event loop's turns stay real.
    afterEach(() => vi.useRealTimers());
    const methodsOf = (result: unknown): string[] => Object.values((result as InputRequiredResult).inputRequests).map((r) => r.method).sort();

    it('waits past the first turn, and until no request came for the quiet time, to put all three in one round', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const rounds = new InputRounds({ gatherMs: 100 });
      const held = rounds.hold<string>('agent', 'tools/call', 't', 'digest');
      const signal = new AbortController().signal;
      let result: InputRequiredResult | string | undefined;
      const round = held.round(extra(), undefined).then((r) => (result = r));
      held.ask('elicitation/create', { message: 'name?' }, signal).catch(() => undefined);
      for (let i = 0; i < 5; i++) await turn();
      expect(result).toBeUndefined();
      await vi.advanceTimersByTimeAsync(60);
      held.ask('sampling/createMessage', { messages: [], maxTokens: 5 }, signal).catch(() => undefined);
      await vi.advanceTimersByTimeAsync(60);
      expect(result).toBeUndefined();
      held.ask('roots/list', undefined, signal).catch(() => undefined);
      await vi.advanceTimersByTimeAsync(99);
      expect(result).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await round;
      expect(methodsOf(result)).toEqual(['elicitation/create', 'roots/list', 'sampling/createMessage']);
      held.end(new Error('done'));
    });

    it('a server that never stops asking gets a round at the gathering bound', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const rounds = new InputRounds({ gatherMs: 200 });
      const held = rounds.hold<string>('agent', 'tools/call', 't', 'digest');
      let result: InputRequiredResult | string | undefined;
      const round = held.round(extra(), undefined).then((r) => (result = r));
      let asked = 0;
      while (result === undefined && asked < 100) {
        // Each request of the server's its own signal, as the pool gives it (one shared by all would gather a listener each).
        held.ask('elicitation/create', { message: `#${asked}` }, new AbortController().signal).catch(() => undefined);
        asked += 1;
        await vi.advanceTimersByTimeAsync(150);
      }
      await round;
      // Spaced so the gathering's bound comes before the 16 requests a call may have waiting.
      expect(asked).toBeLessThanOrEqual(MAX_WAITING_ASKS);
      // Answered at the first wake past the bound (the next request, or the quiet time at most).
      expect(asked).toBeGreaterThanOrEqual(Math.ceil(MAX_GATHER_MS / 150));
      expect(asked).toBeLessThanOrEqual(Math.ceil((MAX_GATHER_MS + 200) / 150));
      expect(Object.keys((result as InputRequiredResult).inputRequests)).toHaveLength(asked);
      held.end(new Error('done'));
    });
  });
});

describe('the bound on held calls', () => {
  it("ends the agent's call past 32 held with the bridge's refusal and dismisses the server's request, per method", async () => {
    const rounds = new InputRounds({ gatherMs: 0 });
    const hold = async (agent: string): Promise<InputRequiredResult | string> => {
      const held = rounds.hold<string>(agent, 'tools/call', 't', 'digest');
      held.ask('elicitation/create', { message: 'go?' }, new AbortController().signal).catch(() => undefined);
      return held.round(extra(), undefined);
    };
    for (let i = 0; i < MAX_HELD_PER_AGENT; i++) expect(await hold('hoarder')).toMatchObject({ resultType: 'input_required' });
    const answers = new Map<string, unknown>();
    for (const method of ['elicitation/create', 'roots/list', 'sampling/createMessage'] as const) {
      const held = rounds.hold<string>('hoarder', 'prompts/get', 'p', 'digest');
      const cancel = held.extra().signal;
      answers.set(method, await held.ask(method, undefined, new AbortController().signal).catch((error: Error) => `failed: ${error.message}`));
      expect(cancel.reason).toBeInstanceOf(CallRefused);
      expect(cancel.reason).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('already holds 32 calls waiting for it to answer') as unknown, hint: expect.stringContaining('each ends 5 min after its input_required result') as unknown });
    }
    expect(Object.fromEntries(answers)).toEqual({
      'elicitation/create': { action: 'cancel' },
      'roots/list': { roots: [] },
      'sampling/createMessage': 'failed: the call was ended: agent "hoarder" has too many calls waiting for its answers',
    });
    // Another agent holds its own.
    expect(await hold('bystander')).toMatchObject({ resultType: 'input_required' });
    rounds.drop('hoarder');
    rounds.drop('bystander');
  });

  it('counts calls asked at once, before any round of theirs was answered: 40 at once hold no more than 32', async () => {
    const rounds = new InputRounds({ gatherMs: 0 });
    /** A call whose work ends only when it is cancelled, as a server's that waits for its answer. */
    const call = (): HeldCall<string> => {
      const held = rounds.hold<string>('swarm', 'tools/call', 't', 'digest');
      const cancel = held.extra().signal;
      held.run(new Promise((_resolve, reject) => cancel.addEventListener('abort', () => reject(cancel.reason as Error), { once: true })));
      return held;
    };
    const calls = Array.from({ length: 40 }, call);
    const answers = calls.map((held) => held.ask('elicitation/create', { message: 'go?' }, new AbortController().signal).catch(() => undefined));
    const results = await Promise.all(calls.map((held) => held.round(extra(), undefined).catch((error: Error) => error)));
    expect(results.filter((result) => (result as InputRequiredResult).resultType === 'input_required')).toHaveLength(MAX_HELD_PER_AGENT);
    expect(results.slice(MAX_HELD_PER_AGENT).map((result) => result instanceof CallRefused)).toEqual(Array.from({ length: 8 }, () => true));
    expect(await Promise.all(answers.slice(MAX_HELD_PER_AGENT))).toEqual(Array.from({ length: 8 }, () => ({ action: 'cancel' })));
    // A held call that ends frees its place (seen by its next round): the next call is held.
    calls[0]?.end(new Error('done'));
    await calls[0]?.round(extra(), undefined).catch(() => undefined);
    const next = call();
    void next.ask('elicitation/create', { message: 'go?' }, new AbortController().signal).catch(() => undefined);
    expect(await next.round(extra(), undefined)).toMatchObject({ resultType: 'input_required' });
    rounds.drop('swarm');
  });

  it('a server asking more than 16 questions at once in one call: those past the bound are dismissed at once, the round carries 16', async () => {
    const rounds = new InputRounds({ gatherMs: 0 });
    const held = rounds.hold<string>('curious', 'tools/call', 't', 'digest');
    // One signal for every request, as a call's: its listeners stay within the bound too.
    const signal = new AbortController().signal;
    const asked = Array.from({ length: 1000 }, (_, i) => held.ask(i % 2 === 0 ? 'elicitation/create' : 'roots/list', { message: `q${i}` }, signal));
    const past = await Promise.all(asked.slice(MAX_WAITING_ASKS));
    expect(past).toEqual(Array.from({ length: 1000 - MAX_WAITING_ASKS }, (_, i) => ((MAX_WAITING_ASKS + i) % 2 === 0 ? { action: 'cancel' } : { roots: [] })));
    const result = (await held.round(extra(), undefined)) as InputRequiredResult;
    expect(Object.keys(result.inputRequests)).toHaveLength(MAX_WAITING_ASKS);
    held.end(new Error('done'));
    await Promise.allSettled(asked);
    rounds.drop('curious');
  });
});
