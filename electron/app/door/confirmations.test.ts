import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { Confirmations } from './confirmations';

const ask = (confirmations: Confirmations, method: 'callTool' | 'addAgent' = 'callTool') =>
  confirmations.request({ method, input: {}, shown: {}, summary: 'a change', from: 'cli' });

describe('a confirmation as its asker sees it (confirmationAnswer)', () => {
  it('waits while it waits and while the confirmed change runs, then answers with its result', () => {
    const confirmations = new Confirmations({ now: () => 1000 });
    const view = ask(confirmations);
    expect(confirmations.answer(view.id)).toEqual({ outcome: 'waiting' });
    const taken = confirmations.take(view.id);
    // Running as the person: not yet answered, and not unknown either.
    expect(confirmations.answer(view.id)).toEqual({ outcome: 'waiting' });
    confirmations.settle(taken.view, 'confirmed', { result: { content: [] } });
    expect(confirmations.answer(view.id)).toEqual({ outcome: 'confirmed', result: { content: [] } });
  });

  it('keeps a new agent\'s token for the person: confirmed, without the answer', () => {
    const confirmations = new Confirmations({ now: () => 1000 });
    const view = ask(confirmations, 'addAgent');
    confirmations.settle(confirmations.take(view.id).view, 'confirmed', { result: { token: 'secret-token' } });
    expect(confirmations.answer(view.id)).toEqual({ outcome: 'confirmed' });
  });

  it('says a refusal, a failure and an expiry; an unknown id is not_found', () => {
    let now = 1000;
    const confirmations = new Confirmations({ now: () => now, ttlMs: 100 });
    const refused = ask(confirmations);
    confirmations.settle(confirmations.take(refused.id).view, 'refused');
    expect(confirmations.answer(refused.id)).toEqual({ outcome: 'refused' });
    const failed = ask(confirmations);
    confirmations.settle(confirmations.take(failed.id).view, 'failed', { error: 'no such tool' });
    expect(confirmations.answer(failed.id)).toEqual({ outcome: 'failed', error: 'no such tool' });
    const expired = ask(confirmations);
    now += 101;
    expect(confirmations.answer(expired.id)).toEqual({ outcome: 'expired' });
    expect(() => confirmations.answer('c-unknown')).toThrow(CodedError);
  });

  it('remembers only as many ended requests as may wait at once', () => {
    const confirmations = new Confirmations({ now: () => 1000, maxWaiting: 2 });
    const ids = [0, 1, 2].map(() => {
      const view = ask(confirmations);
      confirmations.settle(confirmations.take(view.id).view, 'refused');
      return view.id;
    });
    expect(() => confirmations.answer(ids[0] ?? '')).toThrow(/asked for recently/);
    expect(confirmations.answer(ids[2] ?? '')).toEqual({ outcome: 'refused' });
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
    expect(confirmations.answer(first.id)).toEqual({ outcome: 'expired' });
    expect(confirmations.answer(running.id)).toEqual({ outcome: 'waiting' });
    confirmations.expireAll();
    expect(reported).toHaveLength(2);
  });
});
