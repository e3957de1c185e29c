import type { Client, McpSubscription, SubscriptionFilter } from '@modelcontextprotocol/client';
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ListenUnacknowledged } from './listen-unacknowledged';
import { toPoolError, type ErrorContext } from './map-error';
import { LISTEN_ACK_MS, ResourceSubscriber, type SubscriberClock } from './resource-subscriber';

/** One listen sent to the stand-in server: its filter, whether it was aborted, and how to acknowledge it. */
interface SentListen {
  filter: SubscriptionFilter;
  signal: AbortSignal | undefined;
  aborted: boolean;
  /** Its stream was closed (replaced by a later filter, or by none). */
  closed: boolean;
  ack: () => void;
}

/** A 2026-07-28 client stand-in whose listens wait until the test acknowledges them; an abort ends one at once, as the SDK's does. */
function pendingServer(): { client: Client; sent: SentListen[] } {
  const sent: SentListen[] = [];
  const stub = {
    getProtocolEra: () => 'modern',
    getServerCapabilities: () => ({ resources: { subscribe: true } }),
    listen: (filter: SubscriptionFilter, options?: { signal?: AbortSignal }): Promise<McpSubscription> =>
      new Promise((resolve, reject) => {
        const signal = options?.signal;
        const listen: SentListen = { filter, signal, aborted: false, closed: false, ack: () => undefined };
        const onAbort = (): void => {
          listen.aborted = true;
          reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        listen.ack = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve({ closed: new Promise(() => undefined), close: () => Promise.resolve(void (listen.closed = true)) } as unknown as McpSubscription);
        };
        sent.push(listen);
      }),
  };
  return { client: stub as unknown as Client, sent };
}

/** A clock whose waits run only when the test says. */
function manualClock(): SubscriberClock & { waits: Array<{ ms: number; run: () => void; cancelled: boolean }> } {
  const waits: Array<{ ms: number; run: () => void; cancelled: boolean }> = [];
  return {
    waits,
    now: () => 0,
    after: (ms, run) => {
      const wait = { ms, run, cancelled: false };
      waits.push(wait);
      return () => void (wait.cancelled = true);
    },
  };
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 40; i++) await new Promise((r) => setImmediate(r));
};

const failure = (promise: Promise<void>): Promise<unknown> =>
  promise.then(
    () => expect.fail('the wait ended acknowledged'),
    (error: unknown) => error,
  );

describe('ResourceSubscriber on a 2026-07-28 server: the call’s signal', () => {
  it('an abort ends the subscribe at once, aborts its listen upstream and keeps no listener on the signal', async () => {
    const { client, sent } = pendingServer();
    const subscriber = new ResourceSubscriber(client, () => undefined, LISTEN_ACK_MS, manualClock());
    const cancel = new AbortController();
    const subscribing = failure(subscriber.subscribe('file:///a', { signal: cancel.signal }));
    await settle();
    expect(sent.map((s) => s.filter)).toEqual([{ resourceSubscriptions: ['file:///a'] }]);
    cancel.abort(new Error('the agent closed its stream'));
    expect(await subscribing).toMatchObject({ message: 'the agent closed its stream' });
    expect(sent[0]?.aborted).toBe(true);
    expect(getEventListeners(cancel.signal, 'abort')).toHaveLength(0);
    await settle();
    // Nothing more is sent for it: the URI was given back with its wait.
    expect(sent).toHaveLength(1);
    const other = subscriber.subscribe('file:///b', {});
    await settle();
    expect(sent[1]?.filter).toEqual({ resourceSubscriptions: ['file:///b'] });
    sent[1]?.ack();
    await other;
  });

  it('one caller of a shared listen leaving ends only its own wait; the next listen no longer names its URI', async () => {
    const { client, sent } = pendingServer();
    const subscriber = new ResourceSubscriber(client, () => undefined, LISTEN_ACK_MS, manualClock());
    const cancel = new AbortController();
    const leaving = failure(subscriber.subscribe('file:///a', { signal: cancel.signal }));
    const staying = subscriber.subscribe('file:///b', {});
    await settle();
    expect(sent).toHaveLength(1);
    cancel.abort(new Error('cancelled'));
    await leaving;
    expect(sent[0]?.aborted).toBe(false);
    sent[0]?.ack();
    await settle();
    expect(sent[1]?.filter).toEqual({ resourceSubscriptions: ['file:///b'] });
    sent[1]?.ack();
    await staying;
  });

  it('an unsubscribe whose signal aborts ends at once; its listen goes on, so the URI leaves the filter', async () => {
    const { client, sent } = pendingServer();
    const subscriber = new ResourceSubscriber(client, () => undefined, LISTEN_ACK_MS, manualClock());
    const subscribing = Promise.all([subscriber.subscribe('file:///a', {}), subscriber.subscribe('file:///b', {})]);
    await settle();
    sent[0]?.ack();
    await subscribing;
    const cancel = new AbortController();
    const unsubscribing = failure(subscriber.unsubscribe('file:///a', { signal: cancel.signal }));
    await settle();
    expect(sent[1]?.filter).toEqual({ resourceSubscriptions: ['file:///b'] });
    cancel.abort(new Error('cancelled'));
    expect(await unsubscribing).toMatchObject({ message: 'cancelled' });
    expect(sent[1]?.aborted).toBe(false);
    sent[1]?.ack();
    await settle();
    expect(sent[0]?.closed).toBe(true);
    expect(sent).toHaveLength(2);
  });

  it('an unsubscribe whose signal is aborted before the call still drops the URI upstream and leaves no rejection unheard', async () => {
    const unheard: unknown[] = [];
    const onUnheard = (reason: unknown): void => void unheard.push(reason);
    process.on('unhandledRejection', onUnheard);
    try {
      const { client, sent } = pendingServer();
      const subscriber = new ResourceSubscriber(client, () => undefined, LISTEN_ACK_MS, manualClock());
      const subscribing = Promise.all([subscriber.subscribe('file:///a', {}), subscriber.subscribe('file:///b', {})]);
      await settle();
      sent[0]?.ack();
      await subscribing;
      await expect(subscriber.unsubscribe('file:///a', { signal: AbortSignal.abort(new Error('gone')) })).rejects.toThrow('gone');
      await settle();
      // Nobody waits, yet the stream naming it is replaced by one that does not.
      expect(sent.map((s) => s.filter)).toEqual([{ resourceSubscriptions: ['file:///a', 'file:///b'] }, { resourceSubscriptions: ['file:///b'] }]);
      sent[1]?.ack();
      await settle();
      expect(sent[0]?.closed).toBe(true);
      expect(unheard).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnheard);
    }
  });

  it('a subscribe that leaves as its listen is acknowledged does not leave its URI named upstream', async () => {
    const { client, sent } = pendingServer();
    const subscriber = new ResourceSubscriber(client, () => undefined, LISTEN_ACK_MS, manualClock());
    const cancel = new AbortController();
    const subscribing = failure(subscriber.subscribe('file:///a', { signal: cancel.signal }));
    await settle();
    // The acknowledgement is on its way when the caller leaves: too late to abort the listen.
    sent[0]?.ack();
    cancel.abort(new Error('cancelled'));
    expect(await subscribing).toMatchObject({ message: 'cancelled' });
    await settle();
    // Nothing to listen for any more: the stream naming it is closed.
    expect(sent).toHaveLength(1);
    expect(sent[0]?.closed).toBe(true);
  });

  it('a signal aborted before the call sends nothing', async () => {
    const { client, sent } = pendingServer();
    const subscriber = new ResourceSubscriber(client, () => undefined, LISTEN_ACK_MS, manualClock());
    await expect(subscriber.subscribe('file:///a', { signal: AbortSignal.abort(new Error('gone')) })).rejects.toThrow('gone');
    await settle();
    expect(sent).toHaveLength(0);
  });
});

describe('ResourceSubscriber on a 2026-07-28 server: the call’s timeout', () => {
  const ctx: ErrorContext = { server: 'quiet', phase: 'call', what: 'subscription to file:///a', timeoutMs: 2_000 };

  it('shorter than the listen’s own wait, bounds it: said as that wait, naming the setting, and the listen is aborted', async () => {
    const { client, sent } = pendingServer();
    const clock = manualClock();
    const subscriber = new ResourceSubscriber(client, () => undefined, LISTEN_ACK_MS, clock);
    const subscribing = failure(subscriber.subscribe('file:///a', { timeout: 2_000 }));
    await settle();
    expect(clock.waits.map((w) => w.ms)).toEqual([2_000]);
    clock.waits[0]?.run();
    const error = await subscribing;
    expect(error).toBeInstanceOf(ListenUnacknowledged);
    expect(sent[0]?.aborted).toBe(true);
    const said = toPoolError(error, ctx);
    expect(said).toMatchObject({ code: 'timeout', message: 'subscription to file:///a on "quiet" did not answer within 2 s: the server did not acknowledge its change stream (subscriptions/listen)' });
    expect(said.hint).toBe(`retry, or raise "timeoutMs" of "quiet" in mcp.json: it bounds this wait (the bridge waits at most ${LISTEN_ACK_MS / 1000} s)`);
    expect(toPoolError(error, { ...ctx, ownTimeout: true }).hint).toMatch(/^this call gave itself 2 s: retry with a longer timeout/);
  });

  it('the timer is cancelled once the listen is acknowledged', async () => {
    const { client, sent } = pendingServer();
    const clock = manualClock();
    const subscriber = new ResourceSubscriber(client, () => undefined, LISTEN_ACK_MS, clock);
    const subscribing = subscriber.subscribe('file:///a', { timeout: 2_000 });
    await settle();
    sent[0]?.ack();
    await subscribing;
    expect(clock.waits.map((w) => w.cancelled)).toEqual([true]);
  });

  it('longer than one listen’s own wait still bounds the call: a flush may send more than one listen', async () => {
    const { client } = pendingServer();
    const clock = manualClock();
    const subscriber = new ResourceSubscriber(client, () => undefined, 2_500, clock);
    const subscribing = failure(subscriber.subscribe('file:///a', { timeout: 60_000 }));
    await settle();
    expect(clock.waits.map((w) => w.ms)).toEqual([60_000]);
    clock.waits[0]?.run();
    expect(await subscribing).toBeInstanceOf(ListenUnacknowledged);
  });
});
