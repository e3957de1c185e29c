import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LOOPBACK_CONNECTIONS } from '../../electron/net';
import { connectAgent, INITIALIZE, mcpHeaders, rawRequest, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { holdConnections, releaseAll, reopeningFlood } from '../support/held-connections';
import { connectModernAgent } from '../support/modern-agent';
import { waitFor } from '../support/server-harness';


// A local process without a token floods the bridge at its real cap: silent connections give way to
// an agent's, so the agent is served at once, not after the headers' timeout.
const FLOOD = MAX_LOOPBACK_CONNECTIONS + 76;
let h: BridgeHarness;
let token: string;

beforeAll(async () => {
  h = await startBridge({});
  token = (await h.bridge.agents.add('honest', { servers: ['*'] })).token;
});

afterAll(async () => {
  await h.close();
});

describe('a flood of silent connections does not keep agents out', () => {
  it(`with ${FLOOD} silent connections open, an agent connects and is answered`, async () => {
    const held = await holdConnections(h.bridge.port, FLOOD);
    try {
      const agent = await connectAgent(h.bridge.url, token);
      expect((await agent.client.listTools()).tools).toEqual([]);
      await agent.close();
    } finally {
      await releaseAll(held);
    }
  }, 60_000);

  it(`with ${FLOOD} silent connections opened again as each is closed, every request of an agent is answered`, async () => {
    const { port } = h.bridge;
    const flood = await reopeningFlood(port, FLOOD);
    try {
      const agent = await connectAgent(h.bridge.url, token);
      for (let i = 0; i < 10; i += 1) expect((await agent.client.listTools()).tools).toEqual([]);
      await agent.close();
      for (let i = 0; i < 10; i += 1) {
        expect((await rawRequest(port, { headers: mcpHeaders(port, token, { Connection: 'close' }), body: INITIALIZE })).status).toBe(200);
      }
    } finally {
      await flood.stop();
    }
  }, 60_000);
});

describe("one agent's streams take at most its share of the cap", () => {
  const CAP = 16;
  let small: BridgeHarness;

  beforeAll(async () => {
    small = await startBridge({}, { maxConnections: CAP });
  });

  afterAll(async () => {
    await small.close();
  });

  it('refuses the stream past its share as a rate limit with what to do, while another agent connects and is answered', async () => {
    const greedy = (await small.bridge.agents.add('greedy', { servers: ['*'] })).token;
    const other = (await small.bridge.agents.add('other', { servers: ['*'] })).token;
    // Listen streams (2026-07-28): a legacy agent's GET streams stay within its sessions, half its share.
    const listener = await connectModernAgent(small.bridge.url, greedy);
    const held = [];
    for (let i = 0; i < CAP / 4; i += 1) held.push(await listener.client.listen({ toolsListChanged: true }));
    expect(await listener.client.listen({ toolsListChanged: true }).then(() => 'held', () => 'refused')).toBe('refused');
    // What the refusal says (the SDK client reports only its HTTP status): any request past the share gets it.
    const refused = await rawRequest(small.bridge.port, { headers: mcpHeaders(small.bridge.port, greedy), body: INITIALIZE });
    expect(refused.status).toBe(429);
    const error = (JSON.parse(refused.body) as { error?: { code?: number; data?: { code?: string; hint?: string } } }).error;
    expect(error?.code).toBe(-32012);
    expect(error?.data?.code).toBe('rate_limited');
    expect(error?.data?.hint).toContain('Close the streams and sessions you no longer use');

    const agent = await connectAgent(small.bridge.url, other);
    expect((await agent.client.listTools()).tools).toEqual([]);
    await agent.close();

    await held[0]!.close();
    const again = await waitFor('a stream once one closed', async () => listener.client.listen({ toolsListChanged: true }).catch(() => undefined));
    for (const subscription of [again, ...held.slice(1)]) await subscription.close();
    await listener.close();
  });
});
