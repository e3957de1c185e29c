import { afterEach, describe, expect, it } from 'vitest';
import { ManualTimers } from '../../test/support/manual-timers';
import { endSubscriptionPools, settle, started } from '../../test/support/recorded-subscriptions';

afterEach(endSubscriptionPools);

describe('each caller’s own timeout on a shared subscribe', () => {
  const uri = 'ui://board/view';

  it('ends only that caller’s wait: the shared subscribe is sent with the server’s limit and goes on for a caller with a longer one', async () => {
    const timers = new ManualTimers();
    const { pool, sent } = await started(false, timers.setTimer);
    const short = pool.subscribeResource('board', uri, { timeoutMs: 1000 });
    const long = pool.subscribeResource('board', uri, { timeoutMs: 60_000 });
    await settle();
    expect(sent).toHaveLength(1);
    // The first caller's 1 s is shorter than the server's limit (60 s by default): the server's bounds it.
    expect(sent[0]?.options.timeout).toBe(60_000);
    timers.advance(1000);
    // No command subscribes: the hint names only the caller's timeoutMs.
    await expect(short).rejects.toMatchObject({
      code: 'timeout',
      message: expect.stringContaining('within 1 s') as unknown,
      hint: "this subscribe gave itself 1 s (its timeoutMs): subscribe again with a longer one, or without one for the server's own limit",
    });
    expect(sent[0]?.aborted).toBe(false);
    sent[0]?.answer();
    await expect(long).resolves.toBeUndefined();
  });

  it('the last waiting caller timing out aborts the shared subscribe', async () => {
    const timers = new ManualTimers();
    const { pool, sent } = await started(false, timers.setTimer);
    const first = pool.subscribeResource('board', uri, { timeoutMs: 1000 });
    const second = pool.subscribeResource('board', uri, { timeoutMs: 2000 });
    await settle();
    timers.advance(1000);
    await expect(first).rejects.toMatchObject({ code: 'timeout' });
    expect(sent[0]?.aborted).toBe(false);
    timers.advance(1000);
    await expect(second).rejects.toMatchObject({ code: 'timeout' });
    expect(sent[0]?.aborted).toBe(true);
  });

  it('a caller’s timeout longer than the server’s is the shared subscribe’s: it overrides the server’s, as timeoutMs does on every call', async () => {
    const timers = new ManualTimers();
    const { pool, sent } = await started(false, timers.setTimer, { timeoutMs: 30_000 });
    let settled = false;
    const long = pool.subscribeResource('board', uri, { timeoutMs: 120_000 });
    void long.then(
      () => (settled = true),
      () => (settled = true),
    );
    await settle();
    expect(sent[0]?.options.timeout).toBe(120_000);
    timers.advance(30_000);
    await settle();
    expect(settled).toBe(false);
    sent[0]?.answer();
    await expect(long).resolves.toBeUndefined();
  });

  it('a caller giving no timeout, joining a subscribe sent with a longer one, waits only the server’s limit', async () => {
    const timers = new ManualTimers();
    const { pool, sent } = await started(false, timers.setTimer, { timeoutMs: 30_000 });
    const long = pool.subscribeResource('board', uri, { timeoutMs: 120_000 });
    const plain = pool.subscribeResource('board', uri);
    await settle();
    expect(sent).toHaveLength(1);
    timers.advance(30_000);
    await expect(plain).rejects.toMatchObject({
      code: 'timeout',
      hint: 'retry, or raise "timeoutMs" of "board" in mcp.json',
      // An agent cannot edit mcp.json.
      data: { agentHint: 'retry later, or ask the person to raise "timeoutMs" of "board" in mcp.json' },
    });
    expect(sent[0]?.aborted).toBe(false);
    sent[0]?.answer();
    await expect(long).resolves.toBeUndefined();
  });

  it('a caller’s timeout shorter than the server’s leaves the shared subscribe to the server’s limit', async () => {
    const timers = new ManualTimers();
    const { pool, sent } = await started(false, timers.setTimer, { timeoutMs: 30_000 });
    const short = pool.subscribeResource('board', uri, { timeoutMs: 5_000 });
    await settle();
    expect(sent[0]?.options.timeout).toBe(30_000);
    sent[0]?.answer();
    await expect(short).resolves.toBeUndefined();
  });

  it('a caller whose signal ends its wait leaves no timer of its own running', async () => {
    const timers = new ManualTimers();
    const { pool, sent } = await started(false, timers.setTimer);
    const cancel = new AbortController();
    const leaving = pool.subscribeResource('board', uri, { timeoutMs: 4_321, signal: cancel.signal });
    const staying = pool.subscribeResource('board', uri);
    await settle();
    expect(timers.pending).toContain(4_321);
    cancel.abort();
    await expect(leaving).rejects.toMatchObject({ data: { cancelled: true } });
    expect(timers.pending).not.toContain(4_321);
    sent[0]?.answer();
    await expect(staying).resolves.toBeUndefined();
  });
});
