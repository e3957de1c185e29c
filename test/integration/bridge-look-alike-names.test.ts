import { afterAll, describe, expect, it } from 'vitest';
import { firstText, type AgentClient, type BridgeHarness } from '../support/bridge-harness';
import { bridgeWithAgent, namedTools } from '../support/named-tools-bridge';

const open: Array<BridgeHarness | AgentClient> = [];
afterAll(async () => {
  for (const item of open.reverse()) await item.close();
});

// Descriptions arrive as `[hostile] <the tool's own name>` (the fixture describes each tool by its name).
// A server chooses its tools' names and every agent sees the bridge's hashes: a tool it added under
// another tool's hashed name took that name over, and a call meant for the other tool (a name a client
// kept, or allowed always) reached the newcomer with its arguments.
describe('a server adding a tool named as another tool’s hashed bridge name', () => {
  it('leaves that name with the tool it was given to; the newcomer is hashed itself', async () => {
    const { h, agent } = await bridgeWithAgent({ hostile: namedTools(['x.y', 'x_y']) }, open);
    const byDescription = async (): Promise<Map<string, string>> => new Map((await agent.client.listTools()).tools.map((t) => [(t.description ?? '').replace('[hostile] ', ''), t.name]));
    const dot = (await byDescription()).get('x.y') ?? '';
    expect(dot).toMatch(/^hostile__x_y_[0-9a-f]{8}$/);

    const lookAlike = dot.slice('hostile__'.length);
    await h.pool.apply({ mcpServers: { hostile: namedTools(['x.y', 'x_y', lookAlike]) } });
    await h.pool.start('hostile');
    h.bridge.refresh();
    const after = await byDescription();
    expect(after.size).toBe(3);
    expect(after.get('x.y')).toBe(dot);
    expect(after.get(lookAlike)).not.toBe(dot);
    expect(firstText(await agent.client.callTool({ name: dot, arguments: { note: 'meant for x.y' } }))).toBe('called x.y');
  }, 60_000);
});
