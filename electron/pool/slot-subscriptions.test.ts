import { afterEach, describe, expect, it } from 'vitest';
import { endSubscriptionPools, firstLeavesThenLater, settle, started } from '../../test/support/recorded-subscriptions';

afterEach(endSubscriptionPools);

describe('a server’s resource subscriptions held by several callers', () => {
  it('the first caller of a URI cancelling ends only its own wait: the shared subscribe goes on for the next', async () => {
    const { pool, sent } = await started();
    const first = new AbortController();
    const leaving = pool.subscribeResource('board', 'ui://board/view', { signal: first.signal });
    const staying = pool.subscribeResource('board', 'ui://board/view');
    await settle();
    expect(sent.map((s) => [s.uri, s.subscribe])).toEqual([['ui://board/view', true]]);
    first.abort();
    await expect(leaving).rejects.toMatchObject({ code: 'timeout', data: { cancelled: true } });
    expect(sent[0]?.aborted).toBe(false);
    sent[0]?.answer();
    await expect(staying).resolves.toBeUndefined();
    // Held once: the last holder's unsubscribe gives it back.
    const given = pool.unsubscribeResource('board', 'ui://board/view');
    await settle();
    expect(sent.map((s) => s.subscribe)).toEqual([true, false]);
    sent[1]?.answer();
    await given;
  });

  it('the last waiting caller leaving aborts the shared subscribe; a later caller sends its own', async () => {
    const { pool, sent } = await started();
    const cancel = new AbortController();
    const leaving = pool.subscribeResource('board', 'ui://board/view', { signal: cancel.signal });
    await settle();
    cancel.abort();
    await expect(leaving).rejects.toMatchObject({ data: { cancelled: true } });
    expect(sent[0]?.aborted).toBe(true);
    await settle();
    const later = pool.subscribeResource('board', 'ui://board/view');
    await settle();
    expect(sent.map((s) => [s.subscribe, s.aborted])).toEqual([
      [true, true],
      [false, false],
      [true, false],
    ]);
    sent[2]?.answer();
    await expect(later).resolves.toBeUndefined();
  });

  it('an aborted subscribe is given back all the same: the server may have subscribed before the cancel reached it', async () => {
    const { pool, sent, logs } = await started();
    const cancel = new AbortController();
    const leaving = pool.subscribeResource('board', 'ui://board/view', { signal: cancel.signal });
    await settle();
    cancel.abort();
    await expect(leaving).rejects.toMatchObject({ data: { cancelled: true } });
    await settle();
    expect(sent.map((s) => [s.uri, s.subscribe, s.aborted])).toEqual([
      ['ui://board/view', true, true],
      ['ui://board/view', false, false],
    ]);
    // Best effort: a failed give-back is logged, not thrown at anyone.
    sent[1]?.fail(new Error('no such subscription'));
    await settle();
    expect(logs).toEqual([expect.stringMatching(/^\[board\] giving back an abandoned subscription failed: .*ui:\/\/board\/view: no such subscription$/)]);
  });

  it('a late answer while a later caller’s subscribe is in flight is not given back under it; it is once that one is abandoned too', async () => {
    const { pool, sent } = await started(true);
    const second = new AbortController();
    const { later } = await firstLeavesThenLater(pool, second.signal);
    sent[0]?.answer();
    await settle();
    expect(sent.map((s) => [s.subscribe, s.aborted])).toEqual([
      [true, true],
      [true, false],
    ]);
    second.abort();
    await expect(later).rejects.toMatchObject({ data: { cancelled: true } });
    sent[1]?.fail(new Error('cancelled'));
    await settle();
    expect(sent.map((s) => [s.subscribe, s.aborted])).toEqual([
      [true, true],
      [true, true],
      [false, false],
    ]);
  });

  it('a late answer while a later caller’s subscribe is in flight is given back if that subscribe fails', async () => {
    const { pool, sent } = await started(true);
    const { later } = await firstLeavesThenLater(pool);
    sent[0]?.answer();
    await settle();
    sent[1]?.fail(new Error('resource busy'));
    await expect(later).rejects.toThrow();
    await settle();
    expect(sent.map((s) => s.subscribe)).toEqual([true, true, false]);
  });

  it('a late answer is not given back while a later caller holds the URI: that holder gives it back when it leaves', async () => {
    const { pool, sent } = await started(true);
    const { later } = await firstLeavesThenLater(pool);
    sent[0]?.answer();
    sent[1]?.answer();
    await expect(later).resolves.toBeUndefined();
    await settle();
    expect(sent.map((s) => s.subscribe)).toEqual([true, true]);
    const given = pool.unsubscribeResource('board', 'ui://board/view');
    await settle();
    expect(sent.map((s) => s.subscribe)).toEqual([true, true, false]);
    sent[2]?.answer();
    await given;
  });

  it('a subscribe answered just as its last caller left is given back upstream, not kept for nobody', async () => {
    const { pool, sent } = await started();
    const cancel = new AbortController();
    const leaving = pool.subscribeResource('board', 'ui://board/view', { signal: cancel.signal });
    await settle();
    sent[0]?.answer();
    cancel.abort();
    await expect(leaving).rejects.toMatchObject({ data: { cancelled: true } });
    await settle();
    expect(sent.map((s) => [s.uri, s.subscribe])).toEqual([
      ['ui://board/view', true],
      ['ui://board/view', false],
    ]);
  });
});

describe('unsubscribing with the caller’s options', () => {
  it('passes its timeout down; its signal ends its wait, but the URI is given back upstream all the same', async () => {
    const { pool, sent } = await started();
    const subscribing = pool.subscribeResource('board', 'ui://board/view');
    await settle();
    sent[0]?.answer();
    await subscribing;
    const cancel = new AbortController();
    const leaving = pool.unsubscribeResource('board', 'ui://board/view', { signal: cancel.signal, timeoutMs: 4_321 });
    await settle();
    expect(sent[1]).toMatchObject({ uri: 'ui://board/view', subscribe: false, options: { timeout: 4_321 } });
    cancel.abort();
    await expect(leaving).rejects.toMatchObject({ data: { cancelled: true } });
    expect(sent[1]?.aborted).toBe(false);
  });

  it('a signal aborted before the call still gives the URI back upstream', async () => {
    const { pool, sent } = await started();
    const subscribing = pool.subscribeResource('board', 'ui://board/view');
    await settle();
    sent[0]?.answer();
    await subscribing;
    await expect(pool.unsubscribeResource('board', 'ui://board/view', { signal: AbortSignal.abort() })).rejects.toMatchObject({ data: { cancelled: true } });
    await settle();
    expect(sent.map((s) => [s.subscribe, s.aborted])).toEqual([
      [true, false],
      [false, false],
    ]);
  });
});
