import { describe, expect, it } from 'vitest';
import type { ApiOutput, AppApi } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { personWaits, waitingRequest } from './person-waits';

/** A running app's API as the command line meets it: a widening answers `denied` with its request's id. */
function appWith(answers: ApiOutput<'confirmationAnswer'>[]): { api: AppApi; asked: string[]; withdrawn: string[] } {
  const asked: string[] = [];
  const withdrawn: string[] = [];
  const api = {
    on: () => () => undefined,
    approveServer: () => Promise.reject(new CodedError('denied', 'Waiting for confirmation in the app: approve "x"', { data: { confirmation: 'c-1', claim: 'k-1' } })),
    listTools: () => Promise.resolve([]),
    confirmationAnswer: ({ id, claim }: { id: string; claim: string }) => {
      asked.push(`${id} ${claim}`);
      return Promise.resolve(answers.shift() ?? { outcome: 'waiting' });
    },
    withdrawConfirmation: ({ id, claim }: { id: string; claim: string }) => {
      withdrawn.push(`${id} ${claim}`);
      return Promise.resolve({ ok: true });
    },
  } as unknown as AppApi;
  return { api, asked, withdrawn };
}

describe('a widening through a running app waits for the person', () => {
  const instant = { sleep: () => Promise.resolve() };

  it('answers once the person confirmed, asking after the request it made', async () => {
    const { api, asked } = appWith([{ outcome: 'waiting' }, { outcome: 'waiting' }, { outcome: 'confirmed', result: { ok: true } }]);
    await expect(personWaits(api, instant).approveServer({ name: 'x' })).resolves.toEqual({ ok: true });
    expect(asked).toEqual(['c-1 k-1', 'c-1 k-1', 'c-1 k-1']);
  });

  it('fails with the outcome when refused, and with a timeout when nobody decides in time', async () => {
    const refused = personWaits(appWith([{ outcome: 'refused' }]).api, instant).approveServer({ name: 'x' });
    await expect(refused).rejects.toMatchObject({ code: 'denied', message: 'approve "x": refused in the app' });
    const folded = personWaits(appWith([{ outcome: 'withdrawn', error: 'the same change was asked for again' }]).api, instant).approveServer({ name: 'x' });
    await expect(folded).rejects.toMatchObject({ code: 'denied', message: 'approve "x": withdrawn in the app: the same change was asked for again', hint: expect.stringContaining('Ask again') as unknown });
    let now = 0;
    const late = personWaits(appWith([]).api, { sleep: () => Promise.resolve(void (now += 1000)), now: () => now, timeoutMs: 5000 });
    await expect(late.approveServer({ name: 'x' })).rejects.toMatchObject({ code: 'timeout' });
  });

  // A request nobody answered is still in Activity's log (withdrawn): the program can find it there as it can a refused one.
  it('names the request in both its refusal and its timeout', async () => {
    const refused = await personWaits(appWith([{ outcome: 'refused' }]).api, instant).approveServer({ name: 'x' }).catch((error: unknown) => error);
    expect(waitingRequest(refused)).toBe('c-1');
    let now = 0;
    const late = personWaits(appWith([]).api, { sleep: () => Promise.resolve(void (now += 1000)), now: () => now, timeoutMs: 5000 });
    const timedOut = await late.approveServer({ name: 'x' }).catch((error: unknown) => error);
    expect(timedOut).toMatchObject({ code: 'timeout' });
    expect(waitingRequest(timedOut)).toBe('c-1');
  });

  it('waits only on a request it was asked to wait on, not on an error that merely names one', async () => {
    const { api, asked } = appWith([]);
    const failing = { ...api, approveServer: () => Promise.reject(new CodedError('timeout', 'late', { data: { confirmation: 'c-3', claim: 'k-3' } })) } as unknown as AppApi;
    await expect(personWaits(failing, instant).approveServer({ name: 'x' })).rejects.toMatchObject({ code: 'timeout', message: 'late' });
    expect(asked).toEqual([]);
  });

  it('withdraws its request when it stops waiting (a timeout), not when the person decided', async () => {
    let now = 0;
    const app = appWith([]);
    const late = personWaits(app.api, { sleep: () => Promise.resolve(void (now += 1000)), now: () => now, timeoutMs: 5000 });
    await expect(late.approveServer({ name: 'x' })).rejects.toMatchObject({ code: 'timeout' });
    expect(app.withdrawn).toEqual(['c-1 k-1']);
    const decided = appWith([{ outcome: 'refused' }]);
    await expect(personWaits(decided.api, instant).approveServer({ name: 'x' })).rejects.toMatchObject({ code: 'denied' });
    expect(decided.withdrawn).toEqual([]);
  });

  it('withdraws what still waits when the program closes', async () => {
    const app = appWith([]);
    let release = (): void => undefined;
    const waits = personWaits(app.api, { sleep: () => new Promise<void>((resolve) => (release = resolve)) });
    const waiting = waits.approveServer({ name: 'x' }).catch((error: unknown) => error);
    await new Promise((resolve) => setImmediate(resolve));
    await waits.withdrawAll();
    expect(app.withdrawn).toEqual(['c-1 k-1']);
    release();
    void waiting;
  });

  it('asks with the claim its request was given; without one there is nothing to wait for', async () => {
    const { api, asked } = appWith([{ outcome: 'confirmed', result: { ok: true } }]);
    const bare = { ...api, approveServer: () => Promise.reject(new CodedError('denied', 'Waiting', { data: { confirmation: 'c-2' } })) } as unknown as AppApi;
    await expect(personWaits(bare, instant).approveServer({ name: 'x' })).rejects.toMatchObject({ code: 'denied', message: 'Waiting' });
    expect(asked).toEqual([]);
  });

  it('passes through what does not wait, and tells a waiting error by its request', async () => {
    await expect(personWaits(appWith([]).api, instant).listTools({})).resolves.toEqual([]);
    expect(waitingRequest(new CodedError('denied', 'x', { data: { confirmation: 'c-9' } }))).toBe('c-9');
    expect(waitingRequest(new CodedError('denied', 'x'))).toBeUndefined();
    expect(waitingRequest(new CodedError('internal', 'x', { data: { confirmation: 'c-9' } }))).toBeUndefined();
    expect(waitingRequest(new Error('x'))).toBeUndefined();
  });
});
