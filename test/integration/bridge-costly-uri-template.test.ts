import { afterAll, describe, expect, it } from 'vitest';
import { connectAgent, firstText, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';
import { bridgeWithAgent, namedToolsServer as server } from '../support/named-tools-bridge';

const open: Array<BridgeHarness | AgentClient> = [];
afterAll(async () => {
  for (const item of open.reverse()) await item.close();
});

// A server lists a URI template whose match backtracks without end (14 open expressions in a row): an
// agent's read of a URI no resource lists held this process, every agent and every server, for minutes.
describe('a server whose URI template takes unbounded time to match', () => {
  it('refuses the read within the budget, serves another server meanwhile, and matches that template no more once past it twice', async () => {
    const costly = `x://${'{+a}'.repeat(14)}!`;
    const { agent } = await bridgeWithAgent({ hostile: server({ TEMPLATES: JSON.stringify([costly]) }), calm: server({ TOOL_NAMES: JSON.stringify(['ping']), TEMPLATES: JSON.stringify(['g://{id}']) }) }, open);

    const uri = `x://${'a'.repeat(44)}`;
    const [refused, served] = await Promise.allSettled([agent.client.readResource({ uri }), agent.client.callTool({ name: 'calm__ping', arguments: {} })]);
    expect(refused.status).toBe('rejected');
    expect(String(refused.status === 'rejected' ? (refused.reason as Error).message : '')).toContain("matching the URI against a service's URI template took longer than 2 s");
    expect(served.status === 'fulfilled' ? firstText(served.value) : '').toBe('called ping');
    // One timeout may be a busy machine: the next read asks again, and past the budget again it is left out.
    await expect(agent.client.readResource({ uri })).rejects.toThrow(/took longer than 2 s twice; that template is no longer matched/);
    // Left out from then on: the next read is told at once that no service offers it; the other's template still reads.
    await expect(agent.client.readResource({ uri })).rejects.toThrow(/unknown resource|no resource|not offered/i);
    expect((await agent.client.readResource({ uri: 'g://7' })).contents[0]).toMatchObject({ text: 'read g://7' });
  }, 60_000);

  it("leaves a URI to the template that names most of it: one server's {+any} shadowed every other's", async () => {
    const h = await startBridge({ broad: server({ TEMPLATES: JSON.stringify(['{+any}']) }), narrow: server({ TEMPLATES: JSON.stringify(['g://{id}']), READ_AS: 'narrow read' }), also: server({ TEMPLATES: JSON.stringify(['g://{key}']) }) });
    open.push(h);
    await Promise.all([h.pool.start('broad'), h.pool.start('narrow')]);
    h.bridge.refresh();
    const { token } = await h.bridge.agents.add('reader', { servers: ['broad', 'narrow'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    const reader = await connectAgent(h.bridge.url, token);
    open.push(reader);
    expect((await reader.client.readResource({ uri: 'g://7' })).contents[0]).toMatchObject({ text: 'narrow read g://7' });
    // What only the broad one matches is still its own.
    expect((await reader.client.readResource({ uri: 'h://7' })).contents[0]).toMatchObject({ text: 'read h://7' });
    // Two templates naming as much are still two services: the agent is told, not given either.
    const { token: both } = await h.bridge.agents.add('both', { servers: ['narrow', 'also'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    await h.pool.start('also');
    h.bridge.refresh();
    const ambiguous = await connectAgent(h.bridge.url, both);
    open.push(ambiguous);
    await expect(ambiguous.client.readResource({ uri: 'g://7' })).rejects.toThrow(/offered by several services \(narrow, also\)|offered by several services \(also, narrow\)/);
  }, 60_000);
});
