import type { Client, McpSubscription, SubscriptionFilter } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { MAX_SUBSCRIBED_URIS_PER_SERVER, ResourceSubscriber } from './resource-subscriber';

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
