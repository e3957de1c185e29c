import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SUBSCRIBED_URI_LENGTH } from '../../electron/bridge/input-bounds';
import { MAX_SUBSCRIPTIONS_PER_SESSION, MAX_SUBSCRIPTIONS_PER_AGENT } from '../../electron/bridge/resource-subscriptions';
import { startSubscribeServer, type SubscribeServer } from '../fixtures/servers/modern-subscribe-server';
import { startBridge, type BridgeHarness } from '../support/bridge-harness';
import { connectModernAgent, type ModernAgent } from '../support/modern-agent';

// One agent listen naming 256 URIs of a 2026-07-28 server re-opened the pool's upstream
// listen stream once per URI, each naming every URI so far (257 requests, 66 MB upstream). The
// changes are coalesced; distinct URIs are capped per agent; a subscribed URI is at most 2 KiB.
let server: SubscribeServer;
let h: BridgeHarness;
const agents: ModernAgent[] = [];

beforeAll(async () => {
  server = await startSubscribeServer();
  h = await startBridge({ subs: { type: 'http', url: server.url } });
  await h.pool.start('subs');
}, 60_000);

afterAll(async () => {
  for (const a of agents) await a.close();
  await h?.close();
  await server?.close();
});

async function agent(name: string): Promise<ModernAgent> {
  const { token } = await h.bridge.agents.add(name, { servers: ['subs'], policy: { read: 'allow', write: 'allow', destructive: 'deny' } });
  const a = await connectModernAgent(h.bridge.url, token);
  agents.push(a);
  return a;
}

const uris = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `file:///${prefix}-${i}-${'a'.repeat(1000)}`);

describe('subscriptions/listen of many resources through the bridge (2026-07-28)', () => {
  it('256 URIs in one listen re-open the upstream stream a few times, not once per URI', async () => {
    const a = await agent('many-uris');
    const before = server.listens.requests;
    const asked = uris('one', MAX_SUBSCRIPTIONS_PER_SESSION);
    const subscription = await a.client.listen({ resourceSubscriptions: asked });
    expect(subscription.honoredFilter.resourceSubscriptions).toHaveLength(asked.length);
    // Before the fix: 256 requests, the last naming all 256 URIs.
    expect(server.listens.requests - before).toBeLessThanOrEqual(4);
    await subscription.close();
  }, 60_000);

  // The URIs past a session's cap were dropped from the acknowledgement without a word.
  it("one URI past a stream's cap refuses the listen whole as a rate limit, naming how many it may follow", async () => {
    const a = await agent('past-session-cap');
    const before = server.listens.requests;
    const refused = await a.client.listen({ resourceSubscriptions: uris('past', MAX_SUBSCRIPTIONS_PER_SESSION + 1) }).then(
      () => undefined,
      (error: unknown) => error as { code?: number; message?: string; data?: { code?: string; hint?: string } },
    );
    expect(refused?.code).toBe(-32012);
    expect(refused?.data?.code).toBe('rate_limited');
    expect(refused?.message).toContain(`at most ${MAX_SUBSCRIPTIONS_PER_SESSION} resources; this one names ${MAX_SUBSCRIPTIONS_PER_SESSION + 1}`);
    expect(server.listens.requests).toBe(before);
  }, 60_000);

  it('a URI past the subscription length is not acknowledged; the others are', async () => {
    const a = await agent('long-uri');
    const short = 'file:///short';
    const long = `file:///${'l'.repeat(MAX_SUBSCRIBED_URI_LENGTH)}`;
    const subscription = await a.client.listen({ resourceSubscriptions: [short, long] });
    expect(subscription.honoredFilter).toEqual({ resourceSubscriptions: [short] });
    await subscription.close();
  }, 60_000);

  it("the distinct resource past the agent's cap across its streams refuses the listen as a rate limit with what to do", async () => {
    const a = await agent('capped');
    const per = MAX_SUBSCRIPTIONS_PER_SESSION;
    // Short URIs: the cap counts resources, and each one matched and re-sent upstream costs little on a busy machine.
    const capUris = (i: number): string[] => Array.from({ length: per }, (_, n) => `file:///cap${i}-${n}`);
    const open = [];
    const ended: string[] = [];
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_AGENT / per; i++) {
      const subscription = await a.client.listen({ resourceSubscriptions: capUris(i) });
      void subscription.closed.then((how) => ended.push(`stream ${i} ended (${how})`));
      open.push(subscription);
    }
    // The cap is reached only if every URI was acknowledged and both streams still hold theirs.
    expect(open.map((s) => s.honoredFilter.resourceSubscriptions?.length)).toEqual([per, per]);
    expect(ended).toEqual([]);
    const refused = await a.client.listen({ resourceSubscriptions: ['file:///one-more'] }).then(
      () => undefined,
      (error: unknown) => error as { code?: number; message?: string; data?: { code?: string; hint?: string } },
    );
    expect({ code: refused?.code, ended }).toEqual({ code: -32012, ended: [] });
    expect(refused?.data?.code).toBe('rate_limited');
    expect(refused?.message).toContain(`${MAX_SUBSCRIPTIONS_PER_AGENT} resources`);
    expect(refused?.data?.hint).toContain('close the listen streams you no longer read');
    // A URI the agent already follows is not a new one.
    const again = await a.client.listen({ resourceSubscriptions: [capUris(0)[0] ?? ''] });
    expect(again.honoredFilter.resourceSubscriptions).toHaveLength(1);
    for (const subscription of [...open, again]) await subscription.close();
  }, 90_000);
});
