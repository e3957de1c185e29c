import { describe, expect, it } from 'vitest';
import { InputRounds, StaleRequestState } from './input-rounds';
import { argumentsDigest, MAX_STATE_CHARS, RequestStateSeal, type StateClaims } from './request-state-seal';

const claims = (over: Partial<StateClaims> = {}): StateClaims => ({ id: 'one', method: 'tools/call', name: 'svc__t', digest: argumentsDigest({ a: 1 }), exp: 2_000, ...over });

/** Flips one character of the sealed part (after the version prefix). */
function tamper(state: string, at: number): string {
  const i = 4 + at;
  const c = state[i] === 'A' ? 'B' : 'A';
  return state.slice(0, i) + c + state.slice(i + 1);
}

describe('the sealed requestState (MCP 2026-07-28 mrtr §Server Requirements 4–5)', () => {
  it('opens for the agent it was made for, with its claims, and the agent cannot read them', () => {
    const seal = new RequestStateSeal(() => 1_000);
    const state = seal.seal('alice', claims());
    expect(seal.open('alice', state)).toEqual({ claims: claims() });
    expect(state).not.toContain('svc__t');
    expect(Buffer.from(state.slice(4), 'base64url').toString('latin1')).not.toContain('tools/call');
  });

  it('refuses another agent, a change anywhere, another process, expiry, garbage and oversize', () => {
    let now = 1_000;
    const seal = new RequestStateSeal(() => now);
    const state = seal.seal('alice', claims());
    expect(JSON.stringify(seal.open('bob', state))).toMatch(/refused.*authentication/);
    for (const at of [0, 5, 13, 20, 30, state.length - 6]) expect(seal.open('alice', tamper(state, at))).toHaveProperty('refused');
    expect(new RequestStateSeal(() => now).open('alice', state)).toHaveProperty('refused');
    for (const junk of ['', 'cs1.', 'cs1.AAAA', 'v1.abc.def', 'x'.repeat(MAX_STATE_CHARS + 1), `cs1.${'A'.repeat(MAX_STATE_CHARS)}`]) {
      expect(seal.open('alice', junk)).toHaveProperty('refused');
    }
    now = 2_000;
    expect(seal.open('alice', state)).toEqual({ refused: 'expired' });
  });

  it('binds the arguments by content, not by key order', () => {
    expect(argumentsDigest({ a: 1, b: { c: 2, d: [1, { e: 3, f: 4 }] } })).toBe(argumentsDigest({ b: { d: [1, { f: 4, e: 3 }], c: 2 }, a: 1 }));
    expect(argumentsDigest({ a: 1 })).not.toBe(argumentsDigest({ a: 2 }));
    expect(argumentsDigest(undefined)).toBe(argumentsDigest({}));
  });
});

describe('held calls found again by the state (input-rounds.ts)', () => {
  async function firstRound(rounds: InputRounds, agent = 'alice') {
    const held = rounds.hold<string>(agent, 'tools/call', 'svc__t', argumentsDigest({ a: 1 }));
    const signal = new AbortController().signal;
    const answer = held.ask('elicitation/create', { message: 'name?' }, signal);
    const round = await held.round({ signal, sendNotification: () => Promise.resolve() }, undefined);
    if (typeof round === 'string') throw new Error('expected a round');
    return { held, answer, round };
  }

  it('a state opens once for its call; replayed, on another tool or arguments, or by another agent it is refused', async () => {
    const rounds = new InputRounds({ now: () => 1_000 });
    const { held, answer, round } = await firstRound(rounds);
    expect(round).toMatchObject({ resultType: 'input_required', inputRequests: { 'elicitation-1': { method: 'elicitation/create', params: { message: 'name?' } } } });
    const opened = rounds.open('alice', round.requestState, 'tools/call');
    expect(() => rounds.open('bob', round.requestState, 'tools/call')).toThrow();
    expect(() => rounds.open('alice', round.requestState, 'prompts/get')).toThrow(/presented on prompts\/get/);
    expect(() => rounds.resume('alice', opened, 'svc__other', argumentsDigest({ a: 1 }))).toThrow(StaleRequestState);
    expect(() => rounds.resume('alice', opened, 'svc__t', argumentsDigest({ a: 2 }))).toThrow(StaleRequestState);
    expect(rounds.resume('alice', opened, 'svc__t', argumentsDigest({ a: 1 }))).toBe(held);
    expect(() => rounds.resume('alice', opened, 'svc__t', argumentsDigest({ a: 1 }))).toThrow(/used already/);
    held.answer({ 'elicitation-1': { action: 'accept', content: { n: 'x' } } }, () => true);
    await expect(answer).resolves.toEqual({ action: 'accept', content: { n: 'x' } });
  });

  it('an answer missing or invalid is asked again; an agent that never retries gets its call cancelled and the server a refusal', async () => {
    const rounds = new InputRounds({ now: () => 1_000, windowMs: 60_000 });
    const { held, answer, round } = await firstRound(rounds);
    rounds.resume('alice', rounds.open('alice', round.requestState, 'tools/call'), 'svc__t', argumentsDigest({ a: 1 }));
    held.answer({ 'elicitation-1': 'not an answer' }, (_method, value) => typeof value === 'object');
    const again = await held.round({ signal: new AbortController().signal, sendNotification: () => Promise.resolve() }, undefined);
    expect(again).toMatchObject({ inputRequests: { 'elicitation-1': { method: 'elicitation/create' } } });
    const cancelled = held.extra().signal;
    rounds.drop('alice');
    await expect(answer).resolves.toEqual({ action: 'cancel' });
    expect(cancelled.aborted).toBe(true);
    if (typeof again === 'string') throw new Error('expected a round');
    expect(() => rounds.resume('alice', rounds.open('alice', again.requestState, 'tools/call'), 'svc__t', argumentsDigest({ a: 1 }))).toThrow(StaleRequestState);
  });
});
