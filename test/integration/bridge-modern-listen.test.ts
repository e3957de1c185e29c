import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';
import { startBridge, type BridgeHarness } from '../support/bridge-harness';
import { connectModernAgent, type ModernAgent } from '../support/modern-agent';
import { MAX_LISTENS_PER_AGENT } from '../../electron/bridge/modern-handlers';

// Issue #30 item 2: 2026-07-28 agents hear of list changes and resource updates on
// `subscriptions/listen`, as legacy sessions do on their GET stream.
let h: BridgeHarness;
const agents: ModernAgent[] = [];

beforeAll(async () => {
  h = await startBridge({ everything: everythingServer() });
  await h.pool.start('everything');
}, 60_000);

afterAll(async () => {
  for (const a of agents) await a.close();
  await h.close();
});

async function agent(name: string, read: 'allow' | 'deny' = 'allow'): Promise<{ a: ModernAgent; heard: string[] }> {
  const { token } = await h.bridge.agents.add(name, { servers: ['everything'], policy: { read, write: 'allow', destructive: 'deny' } });
  const a = await connectModernAgent(h.bridge.url, token);
  agents.push(a);
  const heard: string[] = [];
  a.client.setNotificationHandler('notifications/tools/list_changed', () => void heard.push('tools'));
  a.client.setNotificationHandler('notifications/prompts/list_changed', () => void heard.push('prompts'));
  a.client.setNotificationHandler('notifications/resources/updated', ({ params }) => void heard.push(`updated ${params.uri}`));
  return { a, heard };
}

describe('subscriptions/listen through the bridge (2026-07-28)', () => {
  it("a listening agent hears its list changes; another agent's change is not its own", async () => {
    const { a, heard } = await agent('listener');
    const other = await agent('other');
    const subscription = await a.client.listen({ toolsListChanged: true, promptsListChanged: true });
    expect(subscription.honoredFilter).toEqual({ toolsListChanged: true, promptsListChanged: true });
    const otherSubscription = await other.a.client.listen({ toolsListChanged: true });

    // A change of the agent's record (its policy) changes its listing only.
    await h.bridge.agents.update('listener', { policy: { read: 'allow', write: 'deny', destructive: 'deny' } });
    await waitFor('list_changed on the listen stream', () => (heard.includes('tools') && heard.includes('prompts') ? true : undefined));
    expect(other.heard).toEqual([]);
    // A change of the bridge's inventories reaches both.
    h.bridge.refresh();
    await waitFor('list_changed on the other stream', () => (other.heard.includes('tools') ? true : undefined));
    await subscription.close();
    await otherSubscription.close();
    expect(await subscription.closed).toBe('local');
  });

  it('follows a resource through the gate: its updates arrive, a resource of no allowed server is not acknowledged, and a listen of none it may read is refused', async () => {
    const { a, heard } = await agent('follows');
    const uri = (await a.client.listResources()).resources[0]?.uri ?? '';
    expect(uri).not.toBe('');
    const subscription = await a.client.listen({ resourceSubscriptions: [uri, 'demo://nowhere/at-all'] });
    expect(subscription.honoredFilter).toEqual({ resourceSubscriptions: [uri] });
    await a.client.callTool({ name: 'everything__toggle-subscriber-updates', arguments: {} });
    await waitFor('the update on the listen stream', () => (heard.includes(`updated ${uri}`) ? true : undefined));
    await a.client.callTool({ name: 'everything__toggle-subscriber-updates', arguments: {} });
    await subscription.close();

    const denied = await agent('no-reads', 'deny');
    // None of its resources followed: refused with why, not acknowledged empty.
    await expect(denied.a.client.listen({ resourceSubscriptions: [uri] })).rejects.toThrow('your agent may not read from "everything"');
    await h.bridge.audit.flush();
    const audited = await h.bridge.audit.read({ agent: 'follows' });
    expect(audited.some((e) => e.kind === 'resource' && e.tool === uri && e.outcome === 'ok')).toBe(true);
  });

  it('the listen stream past the limit is refused as a rate limit with what to do, and one closed makes room', async () => {
    const { a } = await agent('many-listens');
    const open = await Promise.all(Array.from({ length: MAX_LISTENS_PER_AGENT }, () => a.client.listen({ toolsListChanged: true })));
    const refused = await a.client.listen({ toolsListChanged: true }).then(
      () => undefined,
      (error: unknown) => error as { code?: number; message?: string; data?: { code?: string; hint?: string } },
    );
    expect(refused?.code).toBe(-32012);
    expect(refused?.data?.code).toBe('rate_limited');
    expect(refused?.message).toContain(`${MAX_LISTENS_PER_AGENT} subscriptions/listen streams`);
    expect(refused?.data?.hint).toContain('Close the listen streams you no longer read');
    // The bridge still answers the agent, and a closed stream frees its place.
    expect((await a.client.listTools()).tools.length).toBeGreaterThan(0);
    await open.pop()!.close();
    const again = await waitFor('a listen stream once one closed', async () => a.client.listen({ toolsListChanged: true }).catch(() => undefined));
    open.push(again);
    for (const subscription of open) await subscription.close();
  }, 60_000);
});
