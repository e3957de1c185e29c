import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { StdioServerConfig } from '../../shared/config';
import { ROOT } from '../fixtures/servers/config';
import { tsEntry } from '../support/ts-entry';
import { connectAgent, firstText, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const NAMED_TOOLS = fileURLToPath(new URL('../fixtures/servers/named-tools-server.ts', import.meta.url));
const server = (env: Record<string, string>): StdioServerConfig => ({ command: process.execPath, args: tsEntry(NAMED_TOOLS), cwd: ROOT, env });

const open: Array<BridgeHarness | AgentClient> = [];
afterAll(async () => {
  for (const item of open.reverse()) await item.close();
});

// A server lists a URI template whose match backtracks without end (14 open expressions in a row): an
// agent's read of a URI no resource lists held this process, every agent and every server, for minutes.
describe('a server whose URI template takes unbounded time to match', () => {
  it('refuses the read within the budget, serves another server meanwhile, and matches that template no more', async () => {
    const costly = `x://${'{+a}'.repeat(14)}!`;
    const h = await startBridge({ hostile: server({ TEMPLATES: JSON.stringify([costly]) }), calm: server({ TOOL_NAMES: JSON.stringify(['ping']), TEMPLATES: JSON.stringify(['g://{id}']) }) });
    open.push(h);
    await Promise.all([h.pool.start('hostile'), h.pool.start('calm')]);
    h.bridge.refresh();
    const { token } = await h.bridge.agents.add('agent', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    const agent = await connectAgent(h.bridge.url, token);
    open.push(agent);

    const uri = `x://${'a'.repeat(44)}`;
    const [refused, served] = await Promise.allSettled([agent.client.readResource({ uri }), agent.client.callTool({ name: 'calm__ping', arguments: {} })]);
    expect(refused.status).toBe('rejected');
    expect(String(refused.status === 'rejected' ? (refused.reason as Error).message : '')).toContain("matching the URI against a service's URI template took longer than 2 s");
    expect(served.status === 'fulfilled' ? firstText(served.value) : '').toBe('called ping');
    // Left out from then on: the next read is told at once that no service offers it; the other's template still reads.
    await expect(agent.client.readResource({ uri })).rejects.toThrow(/unknown resource|no resource|not offered/i);
    expect((await agent.client.readResource({ uri: 'g://7' })).contents[0]).toMatchObject({ text: 'read g://7' });
  }, 60_000);
});
