import type { Client, McpSubscription, SubscriptionFilter } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { LISTEN_ACK_MS, MAX_SUBSCRIBED_URIS_PER_SERVER, REOPEN_DELAYS_MS, ResourceSubscriber, type SubscriberClock } from './resource-subscriber';

/** A 2026-07-28 client stand-in that records each listen filter it is asked to open. */
function modernClient(): { client: Client; filters: SubscriptionFilter[]; open: () => number } {
  const filters: SubscriptionFilter[] = [];
  let open = 0;
  const stub = {
    getProtocolEra: () => 'modern',
    getServerCapabilities: () => ({ tools: { listChanged: true }, resources: { subscribe: true } }),
    listen: (filter: SubscriptionFilter): Promise<McpSubscription> => {
      filters.push(filter);
      open++;
      return Promise.resolve({ closed: new Promise(() => undefined), close: () => Promise.resolve(void open--) } as unknown as McpSubscription);
    },
  };
  return { client: stub as unknown as Client, filters, open: () => open };
}

const uris = (n: number): string[] => Array.from({ length: n }, (_, i) => `file:///${i}`);

describe('ResourceSubscriber on a 2026-07-28 server', () => {
  it('256 URIs subscribed together re-open the listen stream once, naming them all', async () => {
    const { client, filters, open } = modernClient();
    const subscriber = new ResourceSubscriber(client, () => undefined);
    await Promise.all(uris(256).map((uri) => subscriber.subscribe(uri, {})));
    expect(filters).toHaveLength(1);
    expect(filters[0]?.resourceSubscriptions).toHaveLength(256);
    expect(open()).toBe(1);

    // And given back together, once more (the list changes alone left to listen for).
    await Promise.all(uris(256).map((uri) => subscriber.unsubscribe(uri, {})));
    expect(filters).toHaveLength(2);
    expect(filters[1]).toEqual({ toolsListChanged: true });
    expect(open()).toBe(1);
  });

  it('a change made while a re-open is under way is in the next one, which the change waits for', async () => {
    const { client, filters } = modernClient();
    const subscriber = new ResourceSubscriber(client, () => undefined);
    const first = subscriber.subscribe('file:///a', {});
    // Let the first re-open begin, then change again before it ends.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all([first, subscriber.subscribe('file:///b', {})]);
    expect(filters.at(-1)?.resourceSubscriptions).toEqual(['file:///a', 'file:///b']);
    expect(filters.length).toBeLessThanOrEqual(2);
  });

  it('a URI two holders follow stays in the filter until both give it back', async () => {
    const { client, filters } = modernClient();
    const subscriber = new ResourceSubscriber(client, () => undefined);
    await subscriber.subscribe('file:///shared', {});
    await subscriber.subscribe('file:///shared', {});
    await subscriber.unsubscribe('file:///shared', {});
    expect(filters).toHaveLength(1);
    await subscriber.unsubscribe('file:///shared', {});
    expect(filters).toHaveLength(2);
    expect(filters[1]?.resourceSubscriptions).toBeUndefined();
  });

  it('refuses the distinct URI past the per-server cap as a rate limit with what to do', async () => {
    const { client } = modernClient();
    const subscriber = new ResourceSubscriber(client, () => undefined);
    await Promise.all(uris(MAX_SUBSCRIBED_URIS_PER_SERVER).map((uri) => subscriber.subscribe(uri, {})));
    await expect(subscriber.subscribe('file:///one-more', {})).rejects.toMatchObject({ code: 'rate_limited' });
    // One already followed is not a new one.
    await expect(subscriber.subscribe('file:///0', {})).resolves.toBeUndefined();
  });
});

describe('ResourceSubscriber: a change stream the server ends', () => {
  /** A modern client whose streams the test ends, and a clock whose waits the test runs. */
  function ending() {
    const ends: Array<() => void> = [];
    let fail = false;
    const stub = {
      getProtocolEra: () => 'modern',
      getServerCapabilities: () => ({ tools: { listChanged: true } }),
      listen: (): Promise<McpSubscription> => {
        if (fail) return Promise.reject(new Error('refused'));
        let end: (how: string) => void = () => undefined;
        const closed = new Promise<string>((resolve) => (end = resolve));
        ends.push(() => end('remote'));
        return Promise.resolve({ closed, close: () => Promise.resolve() } as unknown as McpSubscription);
      },
    };
    const waits: Array<{ ms: number; run: () => void }> = [];
    const clock: SubscriberClock = { now: () => 0, after: (ms, run) => (waits.push({ ms, run }), () => undefined) };
    const logs: string[] = [];
    const subscriber = new ResourceSubscriber(stub as unknown as Client, (l) => logs.push(l), LISTEN_ACK_MS, clock);
    const settle = async (): Promise<void> => {
      for (let i = 0; i < 40; i++) await new Promise((r) => setImmediate(r));
    };
    return { subscriber, ends, waits, logs, settle, refuse: () => (fail = true) };
  }

  it('opens it again after a wait, a few times, then says list changes wait for the next start', async () => {
    const { subscriber, ends, waits, logs, settle, refuse } = ending();
    await subscriber.open();
    expect(ends).toHaveLength(1);
    ends[0]?.();
    await settle();
    expect(waits.map((w) => w.ms)).toEqual([REOPEN_DELAYS_MS[0]]);
    waits[0]?.run();
    await settle();
    expect(ends).toHaveLength(2);
    refuse();
    ends[1]?.();
    await settle();
    waits[1]?.run();
    await settle();
    waits[2]?.run();
    await settle();
    expect(waits.map((w) => w.ms)).toEqual([...REOPEN_DELAYS_MS]);
    expect(logs).toEqual([
      'its change stream ended (remote); opening it again in 1 s',
      'its change stream ended (remote); opening it again in 5 s',
      'its change stream could not be opened again: refused',
      'its change stream ended (remote); opening it again in 30 s',
      'its change stream could not be opened again: refused',
      `its change stream ended (remote) ${REOPEN_DELAYS_MS.length} times in a row; list changes resume at its next start`,
    ]);
  });
});

describe('a 2026-07-28 server that never acknowledges its listen stream', () => {
  it('the listen is given its own time limit, and its failure names the server in the log without failing the start', async () => {
    const asked: Array<number | undefined> = [];
    const stub = {
      getProtocolEra: () => 'modern',
      getServerCapabilities: () => ({ tools: { listChanged: true } }),
      listen: (_filter: SubscriptionFilter, options?: { timeout?: number }): Promise<McpSubscription> => {
        asked.push(options?.timeout);
        return Promise.reject(new Error('subscriptions/listen ack timed out'));
      },
    };
    const lines: string[] = [];
    const subscriber = new ResourceSubscriber(stub as unknown as Client, (line) => lines.push(`[m] ${line}`), 1_500);
    await subscriber.open();
    expect(asked).toEqual([1_500]);
    expect(lines).toEqual(['[m] its change stream could not be opened (list changes are fetched again at its next start): subscriptions/listen ack timed out']);
  });
});
