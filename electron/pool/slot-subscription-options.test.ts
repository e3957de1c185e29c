import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../test/support/manual-timers';
import { SlotSubscriptions } from './slot-subscriptions';
import type { CallOptions } from './types';

/** One upstream request the subscriptions sent, answered when the test says. */
interface Sent {
  subscribe: boolean;
  options: CallOptions | undefined;
  answer: () => void;
}

function subscriptions(): { subs: SlotSubscriptions; sent: Sent[] } {
  const sent: Sent[] = [];
  const timers = new ManualTimers();
  const subs = new SlotSubscriptions({
    server: 'board',
    send: (_uri, subscribe, options) => new Promise<void>((answer) => sent.push({ subscribe, options, answer })),
    holdAwake: () => () => undefined,
    running: () => true,
    log: () => undefined,
    setTimer: timers.setTimer,
    limit: () => ({ ms: 60_000, raise: 'timeoutMs' }),
  });
  return { subs, sent };
}

/** A caller that asks for everything a call may carry: its own asker, progress and log messages. */
function caller(label: string, signal?: AbortSignal): CallOptions {
  return {
    asker: { label },
    onProgress: () => undefined,
    log: { level: 'debug', send: () => undefined },
    timeoutMs: 120_000,
    ...(signal ? { signal } : {}),
  };
}

const uri = 'ui://board/view';

describe('the shared upstream subscribe belongs to no one caller', () => {
  it('carries neither the first caller’s asker nor its progress or log wish, which it keeps after that caller left', async () => {
    const { subs, sent } = subscriptions();
    const first = new AbortController();
    const leaving = subs.subscribe(uri, caller('agent "first"', first.signal));
    const staying = subs.subscribe(uri, caller('agent "second"'));
    first.abort();
    await expect(leaving).rejects.toMatchObject({ data: { cancelled: true } });
    expect(sent).toHaveLength(1);
    const options = sent[0]?.options;
    // A server's elicitation during it would otherwise go to the agent that left.
    expect(options).not.toHaveProperty('asker');
    expect(options).not.toHaveProperty('onProgress');
    expect(options).not.toHaveProperty('log');
    // Its time limit (longer than the server's) still bounds the request.
    expect(options?.timeoutMs).toBe(120_000);
    sent[0]?.answer();
    await expect(staying).resolves.toBeUndefined();
  });

  it('the give-back unsubscribe, sent whatever its caller does, carries only that caller’s time limit', async () => {
    const { subs, sent } = subscriptions();
    const subscribing = subs.subscribe(uri);
    sent[0]?.answer();
    await subscribing;
    const leaving = subs.unsubscribe(uri, caller('agent "last"'));
    expect(sent.map((s) => s.subscribe)).toEqual([true, false]);
    const options = sent[1]?.options;
    expect(options).not.toHaveProperty('asker');
    expect(options).not.toHaveProperty('onProgress');
    expect(options).not.toHaveProperty('log');
    expect(options?.timeoutMs).toBe(120_000);
    sent[1]?.answer();
    await leaving;
  });
});
