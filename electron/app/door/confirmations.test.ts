import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { Confirmations } from './confirmations';

const claims = new Map<string, string>();
let asked = 0;
const ask = (confirmations: Confirmations, method: 'callTool' | 'addAgent' | 'connectClient' = 'callTool') => {
  asked += 1;
  const { confirmation, claim } = confirmations.request({ method, input: { asked }, shown: {}, summary: 'a change', from: 'cli' });
  claims.set(confirmation.id, claim);
  return confirmation;
};
/** As its asker: with the claim its request gave it. */
const answerOf = (confirmations: Confirmations, id: string) => confirmations.answer(id, claims.get(id) ?? 'none');

describe('a confirmation as its asker sees it (confirmationAnswer)', () => {
  it('waits while it waits and while the confirmed change runs, then answers with its result', () => {
    const confirmations = new Confirmations({ now: () => 1000 });
    const view = ask(confirmations);
    expect(answerOf(confirmations, view.id)).toEqual({ outcome: 'waiting' });
    const taken = confirmations.take(view.id);
    // Running as the person: not yet answered, and not unknown either.
    expect(answerOf(confirmations, view.id)).toEqual({ outcome: 'waiting' });
    confirmations.settle(taken.view, 'confirmed', { result: { content: [] } });
    expect(answerOf(confirmations, view.id)).toEqual({ outcome: 'confirmed', result: { content: [] } });
  });

  it('answers only the caller holding the claim, and hands a result out once', () => {
    const confirmations = new Confirmations({ now: () => 1000 });
    const view = ask(confirmations);
    const other = ask(confirmations);
    // Another caller sees the id listed, but holds no claim (or another request's).
    expect(() => confirmations.answer(view.id, 'guessed')).toThrow(/asked for recently/);
    expect(() => confirmations.answer(view.id, claims.get(other.id) ?? '')).toThrow(/asked for recently/);
    confirmations.settle(confirmations.take(view.id).view, 'confirmed', { result: { content: ['the person\'s data'] } });
    expect(() => confirmations.answer(view.id, 'guessed')).toThrow(/asked for recently/);
    expect(answerOf(confirmations, view.id)).toEqual({ outcome: 'confirmed', result: { content: ['the person\'s data'] } });
    expect(answerOf(confirmations, view.id)).toEqual({ outcome: 'confirmed' });
  });

  it('keeps a new agent\'s token for the person: confirmed, without the answer', () => {
    const confirmations = new Confirmations({ now: () => 1000 });
    const view = ask(confirmations, 'addAgent');
    confirmations.settle(confirmations.take(view.id).view, 'confirmed', { result: { token: 'secret-token' } });
    expect(answerOf(confirmations, view.id)).toEqual({ outcome: 'confirmed' });
  });

  it("keeps a connected client's new agent token for the person: the asker gets the rest of the answer", () => {
    const confirmations = new Confirmations({ now: () => 1000 });
    const view = ask(confirmations, 'connectClient');
    confirmations.settle(confirmations.take(view.id).view, 'confirmed', { result: { plan: { file: '/home/u/.config/Code/User/mcp.json' }, token: 'cs_agent_new' } });
    expect(answerOf(confirmations, view.id)).toEqual({ outcome: 'confirmed', result: { plan: { file: '/home/u/.config/Code/User/mcp.json' } } });
  });

  it('says a refusal, a failure and an expiry; an unknown id is not_found', () => {
    let now = 1000;
    const confirmations = new Confirmations({ now: () => now, ttlMs: 100 });
    const refused = ask(confirmations);
    confirmations.settle(confirmations.take(refused.id).view, 'refused');
    expect(answerOf(confirmations, refused.id)).toEqual({ outcome: 'refused' });
    const failed = ask(confirmations);
    confirmations.settle(confirmations.take(failed.id).view, 'failed', { error: 'no such tool' });
    expect(answerOf(confirmations, failed.id)).toEqual({ outcome: 'failed', error: 'no such tool' });
    const expired = ask(confirmations);
    now += 101;
    expect(answerOf(confirmations, expired.id)).toEqual({ outcome: 'expired' });
    expect(() => answerOf(confirmations, 'c-unknown')).toThrow(CodedError);
  });

  it('remembers only as many ended requests as may wait at once', () => {
    const confirmations = new Confirmations({ now: () => 1000, maxWaiting: 2 });
    const ids = [0, 1, 2].map(() => {
      const view = ask(confirmations);
      confirmations.settle(confirmations.take(view.id).view, 'refused');
      return view.id;
    });
    expect(() => answerOf(confirmations, ids[0] ?? '')).toThrow(/asked for recently/);
    expect(answerOf(confirmations, ids[2] ?? '')).toEqual({ outcome: 'refused' });
  });
});

describe('the app stopping (expireAll)', () => {
  it('ends every waiting request as expired, reported once each; one being decided is left to its decider', () => {
    const confirmations = new Confirmations({ now: () => 1000 });
    const [first, second, running] = [ask(confirmations), ask(confirmations), ask(confirmations)];
    confirmations.take(running.id);
    const reported: string[] = [];
    confirmations.on('decided', ({ confirmation, outcome }) => reported.push(`${confirmation.id} ${outcome}`));
    confirmations.expireAll();
    expect(reported).toEqual([`${first.id} expired`, `${second.id} expired`]);
    expect(confirmations.list()).toEqual([]);
    expect(answerOf(confirmations, first.id)).toEqual({ outcome: 'expired' });
    expect(answerOf(confirmations, running.id)).toEqual({ outcome: 'waiting' });
    confirmations.expireAll();
    expect(reported).toHaveLength(2);
  });
});

describe('requests whose call ended (withdrawWhere)', () => {
  it('withdraws only the waiting requests it picks, reported once each, and says why to whoever answers one later', () => {
    const confirmations = new Confirmations({ now: () => 1000 });
    const pick = (call: string) => {
      asked += 1;
      const { confirmation, claim } = confirmations.request({ method: 'callTool', input: { call, asked }, shown: {}, summary: 'a call', from: 'cli' });
      claims.set(confirmation.id, claim);
      return confirmation;
    };
    const [ended, other, running] = [pick('ended'), pick('other'), pick('ended')];
    confirmations.take(running.id);
    const reported: string[] = [];
    confirmations.on('decided', ({ confirmation, outcome }) => reported.push(`${confirmation.id} ${outcome}`));
    const moot = (method: string, input: unknown) => method === 'callTool' && (input as { call?: string }).call === 'ended';
    confirmations.withdrawWhere(moot, 'the agent stopped waiting for the call');
    expect(reported).toEqual([`${ended.id} withdrawn`]);
    expect(confirmations.list().map((c) => c.id)).toEqual([other.id]);
    expect(() => confirmations.take(ended.id)).toThrow('was withdrawn: the agent stopped waiting for the call');
    // The one already being decided is its decider's: still running, not withdrawn.
    expect(answerOf(confirmations, running.id)).toEqual({ outcome: 'waiting' });
    confirmations.withdrawWhere(moot, 'again');
    expect(reported).toHaveLength(1);
  });
});
