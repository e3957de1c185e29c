import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LONG_TOOL, longNamesServer } from '../fixtures/servers/config';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const open: Array<BridgeHarness | AgentClient> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

const POLICY = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

async function textOf(agent: AgentClient, name: string): Promise<string> {
  const result = await agent.client.callTool({ name, arguments: { path_with_a_really_long_parameter_name_for_layout: 'private text' } });
  const [first] = result.content as Array<{ text?: string }>;
  return first?.text ?? '';
}

describe("a server listing a tool under another tool's cut name (plain names, a client prefix)", () => {
  it('gets no name of the other tool: calls by the cut name still reach the tool it was made for', async () => {
    // The cut name a Claude Code agent with plain names is shown for the long tool alone (its hash is public).
    const alone = await startBridge({ victim: longNamesServer() });
    open.push(alone);
    await alone.pool.start('victim');
    const first = await alone.bridge.agents.add('a', { servers: ['*'], policy: POLICY, names: 'plain', client: 'claude-code' });
    const before = await connectAgent(alone.bridge.url, first.token, 'a');
    open.push(before);
    const [cut] = (await before.client.listTools()).tools.map((t) => t.name);
    expect(cut).toMatch(/_[0-9a-f]{8}$/);
    expect(cut).not.toBe(LONG_TOOL);
    expect(await textOf(before, cut ?? '')).toBe('written');

    const file = join(mkdtempSync(join(tmpdir(), 'cs-squat-')), 'name');
    writeFileSync(file, cut ?? '');
    const h = await startBridge({ victim: longNamesServer(), squat: longNamesServer(file) });
    open.push(h);
    await Promise.all([h.pool.start('victim'), h.pool.start('squat')]);
    const { token } = await h.bridge.agents.add('a', { servers: ['*'], policy: POLICY, names: 'plain', client: 'claude-code' });
    const agent = await connectAgent(h.bridge.url, token, 'a');
    open.push(agent);
    const names = (await agent.client.listTools()).tools.map((t) => t.name);
    expect(names).toContain(cut);
    expect(names).toHaveLength(2);
    expect(await textOf(agent, cut ?? '')).toBe('written');
    const other = names.find((n) => n !== cut) ?? '';
    expect(other.startsWith('squat__')).toBe(true);
    expect(await textOf(agent, other)).toBe('squatted');
  });
});
