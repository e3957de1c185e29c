import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AUTO_SEARCH_TOOLS } from '../../electron/bridge/tool-mode';
import { faultServer } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';
import { connectAgent, firstText, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

let h: BridgeHarness;
const clients: AgentClient[] = [];

beforeAll(async () => {
  h = await startBridge({ svc: faultServer() });
  await h.pool.start('svc');
  h.bridge.refresh();
}, 60_000);

afterAll(async () => {
  for (const c of clients) await c.close();
  await h.close();
});

async function agent(name: string, toolMode: 'all' | 'auto'): Promise<AgentClient> {
  const { token } = await h.bridge.agents.add(name, {
    servers: ['svc'],
    policy: { read: 'allow', write: 'allow', destructive: 'deny' },
    ...(toolMode === 'auto' ? { toolMode } : {}),
  });
  const client = await connectAgent(h.bridge.url, token, name);
  clients.push(client);
  return client;
}

const listed = async (c: AgentClient): Promise<string[]> => (await c.client.listTools()).tools.map((t) => t.name);

// Issue #32, tool mode auto, through the bridge with an unmodified SDK client: the same agent lists
// its tools while they are few, and gets the search tools once its server lists past the bound.
describe('tool mode auto through the bridge (our fault server)', () => {
  it('lists every tool below the bound, and search_tools with the call tools past it', async () => {
    const all = await agent('lists all', 'all');
    const auto = await agent('auto', 'auto');
    const every = await listed(all);
    expect(every.length).toBeGreaterThan(3);
    expect(every.length).toBeLessThanOrEqual(AUTO_SEARCH_TOOLS);
    expect(await listed(auto)).toEqual(every);
    expect(await listed(auto)).not.toContain('search_tools');

    // The server adds tools (each a tools/list_changed) until the agent's tools pass the bound.
    for (let i = every.length; i <= AUTO_SEARCH_TOOLS; i++) {
      const added = (await all.client.callTool({ name: 'svc__addTool', arguments: { name: `gauge_${i}` } })) as CallToolResult;
      expect(firstText(added)).toBe(`added gauge_${i}`);
    }
    const past = AUTO_SEARCH_TOOLS + 1;
    await waitFor('the all agent to list every added tool', async () => (await listed(all)).length === past, 20_000);
    // Its tools have no annotations, so all are of the write tier: one call tool.
    expect(await listed(auto)).toEqual(['search_tools', 'call_write_tool']);

    // And it finds and calls what it no longer lists.
    const found = JSON.parse(firstText(await auto.client.callTool({ name: 'search_tools', arguments: { query: 'process id of the server' } }))) as { tools: Array<{ name: string; call: string }> };
    expect(found.tools[0]).toMatchObject({ name: 'svc__pid' });
    const pid = (await auto.client.callTool({ name: found.tools[0]?.call ?? '', arguments: { name: 'svc__pid', arguments: {} } })) as CallToolResult;
    expect(firstText(pid)).toMatch(/^\d+$/);
  });
});
