import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSubscribeServer, type SubscribeServer } from '../fixtures/servers/modern-subscribe-server';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';
import { connectModernAgent, type ModernAgent } from '../support/modern-agent';

// A 2026-07-28 server that never acknowledges its listen: every subscribe the bridge makes there times out.
// An agent's listen whose every URI failed so was acknowledged with `{}` and ended at once, without a word why.
let server: SubscribeServer;
let h: BridgeHarness;
const open: Array<ModernAgent | AgentClient> = [];

beforeAll(async () => {
  server = await startSubscribeServer({ silentListen: true });
  // Its listen waits for its acknowledgement at most its startup timeout.
  h = await startBridge({ quiet: { type: 'http', url: server.url, startupTimeoutMs: 1_000 } });
  await h.pool.start('quiet');
}, 60_000);

afterAll(async () => {
  for (const a of open) await a.close();
  await h?.close();
  await server?.close();
});

async function token(name: string): Promise<string> {
  return (await h.bridge.agents.add(name, { servers: ['quiet'], policy: { read: 'allow', write: 'allow', destructive: 'deny' } })).token;
}

type Refusal = { code?: number; message?: string; data?: { code?: string; hint?: string } } | undefined;

describe('a listen whose every resource could not be followed', () => {
  it('is refused with the first failure, saying what to do, not acknowledged empty (2026-07-28)', async () => {
    const a = await connectModernAgent(h.bridge.url, await token('modern'));
    open.push(a);
    const refused: Refusal = await a.client.listen({ resourceSubscriptions: ['file:///a', 'file:///b'] }).then(
      (subscription) => {
        void subscription.close();
        return { message: `acknowledged ${JSON.stringify(subscription.honoredFilter)}` };
      },
      (error: unknown) => error as Refusal,
    );
    // The wait was the listen's (its startupTimeoutMs), not the call's 60 s: the setting named is the one that bounds it.
    expect(refused?.message).toContain('subscription to file:///a on "quiet" did not answer within 1 s');
    expect(refused?.code).toBe(-32001);
    expect(refused?.data?.code).toBe('timeout');
    expect(refused?.data?.hint).toMatch(/^Retry later, or ask the person to raise "startupTimeoutMs" of "quiet" in mcp\.json: it bounds this wait/);
  }, 60_000);

  it('keeps a stream that also asked for list changes: acknowledged with those, without the resources', async () => {
    const a = await connectModernAgent(h.bridge.url, await token('changes-too'));
    open.push(a);
    const subscription = await a.client.listen({ toolsListChanged: true, resourceSubscriptions: ['file:///a'] });
    expect(subscription.honoredFilter).toEqual({ toolsListChanged: true });
    await subscription.close();
  }, 60_000);

  it('as a legacy resources/subscribe of it is (2025-11-25)', async () => {
    const a = await connectAgent(h.bridge.url, await token('legacy'));
    open.push(a);
    const refused = await a.client.subscribeResource({ uri: 'file:///a' }).then(
      () => undefined,
      (error: unknown) => error as Refusal,
    );
    expect(refused?.message).toContain('subscription to file:///a on "quiet" did not answer within 1 s');
    expect(refused?.data?.code).toBe('timeout');
    expect(refused?.data?.hint).toMatch(/^Retry later, or ask the person to raise "startupTimeoutMs" of "quiet" in mcp\.json/);
  }, 60_000);
});
