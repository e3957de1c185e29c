import { afterEach, describe, expect, it } from 'vitest';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { listChangedStormServer } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const open: Array<BridgeHarness | AgentClient> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** How many times the storm server was asked for its tools, read through the bridge. */
async function listings(agent: AgentClient): Promise<number> {
  const result = await agent.client.callTool({ name: 'storm__listings', arguments: {} });
  const [first] = result.content as Array<{ type: string; text?: string }>;
  return Number(first?.text);
}

describe('a server saying its tools changed every 10 ms while they never do', () => {
  it('is listed again a few times in three seconds, not back to back, and agents hear nothing of it', async () => {
    const h = await startBridge({ storm: listChangedStormServer() });
    open.push(h);
    const { token } = await h.bridge.agents.add('agent', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    const agent = await connectAgent(h.bridge.url, token);
    open.push(agent);
    await h.pool.start('storm');
    const started = performance.now();
    let heard = 0;
    agent.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      heard++;
    });
    // Notifications travel on the GET stream the client opens after initializing: one must arrive first.
    for (let attempt = 0; attempt < 10 && heard === 0; attempt++) {
      h.bridge.refresh();
      await waitFor('the GET stream', () => heard > 0, 1_000).catch(() => undefined);
    }
    expect(heard).toBeGreaterThan(0);
    heard = 0;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const after = await listings(agent);
    const seconds = (performance.now() - started) / 1000;
    // Hundreds of notifications came. Paced, the start's listing, one at the first notification, then
    // one after each gap of 1, 2, 4… s: 2 + log2(seconds + 1), one more for slack.
    expect(after).toBeGreaterThanOrEqual(2);
    expect(after).toBeLessThanOrEqual(3 + Math.floor(Math.log2(seconds + 1)));
    // The listing was what the pool held each time: no inventory event, no list_changed to agents.
    expect(heard).toBe(0);
    expect(h.pool.status('storm').state).toBe('ready');
  });
});
