import { afterEach, describe, expect, it } from 'vitest';
import { hiddenTextServer, longNamesServer } from '../fixtures/servers/config';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const open: Array<BridgeHarness | AgentClient> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

const POLICY = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const AGENT = { servers: '*', policy: POLICY, client: 'claude-code', toolMode: 'search', resourceTools: true } as const;

describe("an agent whose name makes Claude Code's prefix long (search mode, resource tools)", () => {
  it('is refused where our own tools would pass 64 characters; at the longest name taken, every tool it lists fits', async () => {
    // The second server has a destructive tool: call_destructive_tool, our longest name, is listed.
    const h = await startBridge({ w: longNamesServer(), d: hiddenTextServer() });
    open.push(h);
    await Promise.all([h.pool.start('w'), h.pool.start('d')]);
    h.bridge.refresh();
    // `mcp__connected-services-eighteen-char-name__call_destructive_tool` would be 65 characters.
    await expect(h.bridge.agents.add('eighteen-char-name', AGENT)).rejects.toMatchObject({ code: 'invalid_input', hint: expect.stringContaining('at most 17 characters') as string });
    const { token } = await h.bridge.agents.add('seventeen-chars-x', AGENT);
    const agent = await connectAgent(h.bridge.url, token, 'seventeen-chars-x');
    open.push(agent);
    const names = (await agent.client.listTools()).tools.map((t) => `mcp__connected-services-seventeen-chars-x__${t.name}`);
    expect(names).toContain('mcp__connected-services-seventeen-chars-x__call_destructive_tool');
    expect(names.length).toBeGreaterThanOrEqual(6);
    for (const name of names) expect(name.length, name).toBeLessThanOrEqual(64);
  }, 120_000);
});
