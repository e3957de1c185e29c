import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer, faultServer } from '../fixtures/servers/config';
import { connectAgent, firstText, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

let h: BridgeHarness;
let c: AgentClient;
const ABOUT = 'Warehouse stock ledger: pallets, forklifts and bin locations';

beforeAll(async () => {
  // Two copies of one server, the same tools: only the person's description in mcp.json tells them apart.
  h = await startBridge({ ledger: faultServer('normal', {}, { description: ABOUT }), svc: faultServer(), everything: everythingServer() });
  await Promise.all([h.pool.start('ledger'), h.pool.start('svc'), h.pool.start('everything')]);
  h.bridge.refresh();
  const { token } = await h.bridge.agents.add('finder', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'deny' }, toolMode: 'search' });
  c = await connectAgent(h.bridge.url, token, 'finder');
}, 60_000);

afterAll(async () => {
  await c.close();
  await h.close();
});

async function servers(query: string): Promise<string[]> {
  const answer = JSON.parse(firstText(await c.client.callTool({ name: 'search_tools', arguments: { query } }))) as { tools: Array<{ server: string }> };
  return answer.tools.map((t) => t.server);
}

// Issue #32: "server name and description" weigh in the search, the description from the server's mcp.json entry.
describe('tool search through the bridge: a server’s description', () => {
  it('a need matching only a server’s description finds that server’s tools, and follows a description changed in place', async () => {
    const need = 'pallets and forklifts in the warehouse';
    const found = await servers(need);
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found)).toEqual(new Set(['ledger']));

    // The description removed (taken in place: no restart, no new inventory): nothing fits any more.
    await h.pool.apply({ mcpServers: { ledger: faultServer(), svc: faultServer(), everything: everythingServer() } });
    expect(await servers(need)).toEqual([]);
  });
});
