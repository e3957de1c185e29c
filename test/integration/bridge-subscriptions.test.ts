import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

let h: BridgeHarness;
const clients: AgentClient[] = [];

beforeAll(async () => {
  h = await startBridge({ everything: everythingServer() });
  await h.pool.start('everything');
  h.bridge.refresh();
}, 60_000);

afterAll(async () => {
  for (const c of clients) await c.close();
  await h.close();
});

async function agent(name: string, read: 'allow' | 'ask' | 'deny'): Promise<{ c: AgentClient; updates: string[] }> {
  const { token } = await h.bridge.agents.add(name, { servers: ['everything'], policy: { read, write: 'allow', destructive: 'deny' } });
  const c = await connectAgent(h.bridge.url, token, name);
  clients.push(c);
  const updates: string[] = [];
  c.client.setNotificationHandler(ResourceUpdatedNotificationSchema, ({ params }) => void updates.push(params.uri));
  return { c, updates };
}

// Issue #30: resources/subscribe was not forwarded, so agents never heard of a resource's changes.
describe('resource subscriptions through the bridge (server-everything)', () => {
  it("a subscribed session gets the server's updates, another session none; unsubscribe ends them", async () => {
    const follower = await agent('follower', 'allow');
    const bystander = await agent('bystander', 'allow');
    expect(follower.c.client.getServerCapabilities()?.resources?.subscribe).toBe(true);
    const uri = (await follower.c.client.listResources()).resources[0]?.uri ?? '';
    expect(uri).not.toBe('');
    await follower.c.client.subscribeResource({ uri });
    // Twice is one subscription (the spec's idempotence); the tool makes the server send updates at once.
    await follower.c.client.subscribeResource({ uri });
    await follower.c.client.callTool({ name: 'everything__toggle-subscriber-updates', arguments: {} });
    await waitFor('the update to reach the subscribed agent', () => (follower.updates.includes(uri) ? true : undefined));
    expect(bystander.updates).toEqual([]);
    await follower.c.client.unsubscribeResource({ uri });
    // Unsubscribing what one does not hold is no error.
    await follower.c.client.unsubscribeResource({ uri });
    await follower.c.client.callTool({ name: 'everything__toggle-subscriber-updates', arguments: {} });

    await h.bridge.audit.flush();
    const audited = await h.bridge.audit.read({ agent: 'follower' });
    expect(audited.some((e) => e.kind === 'resource' && e.tool === uri && e.outcome === 'ok')).toBe(true);
  });

  it("a session hears no more of a server the person took from its agent, while another agent's goes on", async () => {
    const narrowed = await agent('narrowed', 'allow');
    const witness = await agent('witness', 'allow');
    const uri = (await narrowed.c.client.listResources()).resources[0]?.uri ?? '';
    await narrowed.c.client.subscribeResource({ uri });
    await witness.c.client.subscribeResource({ uri });
    await witness.c.client.callTool({ name: 'everything__toggle-subscriber-updates', arguments: {} });
    await waitFor('an update to reach both', () => (narrowed.updates.includes(uri) && witness.updates.includes(uri) ? true : undefined), 30_000);
    await h.bridge.agents.update('narrowed', { servers: ['memory'] });
    const heard = narrowed.updates.length;
    const seen = witness.updates.length;
    // Two more updates reach the agent that still may use the server: none reaches the narrowed one.
    await waitFor('two more updates to the witness', () => (witness.updates.length >= seen + 2 ? true : undefined), 30_000);
    expect(narrowed.updates.length).toBe(heard);
    await witness.c.client.callTool({ name: 'everything__toggle-subscriber-updates', arguments: {} });
  });

  it('refuses a resource of no allowed server, and an agent whose read tier is deny', async () => {
    const denied = await agent('no-reads', 'deny');
    const uri = (await h.pool.resources('everything')).resources[0]?.uri ?? '';
    await expect(denied.c.client.subscribeResource({ uri })).rejects.toThrow(/may not/);
    const allowed = await agent('elsewhere', 'allow');
    await expect(allowed.c.client.subscribeResource({ uri: 'demo://nowhere/at-all' })).rejects.toThrow(/no resource/);
  });
});
