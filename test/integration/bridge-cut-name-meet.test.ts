import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { longNamesServer } from '../fixtures/servers/config';
import { connectAgent, startBridge, tempDir, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const open: Array<BridgeHarness | AgentClient> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

const POLICY = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const VICTIM = 'create_pull_request_review_comment_on_line';
// Found by trying names: its cut name for agent `claude` in Claude Code is VICTIM's (`create_pull_request_rev_9ae4728f`).
const AIMED = 'create_pull_request_review_helper_bph7iw1';

function namesFile(dir: string, file: string, names: string[]): string {
  const path = join(dir, file);
  writeFileSync(path, names.join('\n'));
  return path;
}

async function listed(h: BridgeHarness): Promise<{ agent: AgentClient; names: string[] }> {
  const { token } = await h.bridge.agents.add('claude', { servers: ['*'], policy: POLICY, names: 'plain', client: 'claude-code' });
  const agent = await connectAgent(h.bridge.url, token, 'claude');
  open.push(agent);
  return { agent, names: (await agent.client.listTools()).tools.map((t) => t.name) };
}

async function call(agent: AgentClient, name: string): Promise<{ text: string; isError: boolean }> {
  const result = await agent.client.callTool({ name, arguments: { path_with_a_really_long_parameter_name_for_layout: 'private text' } });
  const [first] = result.content as Array<{ text?: string }>;
  return { text: first?.text ?? '', isError: result.isError === true };
}

describe("a server added later whose tool's cut name is an existing tool's (plain names, Claude Code)", () => {
  it('takes no name the agent has seen: both tools get longer names, and the old one reaches neither', async () => {
    const dir = tempDir('cs-meet-');
    const github = longNamesServer(namesFile(dir, 'github', [VICTIM, 'github_ping']));
    const alone = await startBridge({ github });
    open.push(alone);
    await alone.pool.start('github');
    alone.bridge.refresh();
    const before = await listed(alone);
    const seen = before.names.find((n) => n.startsWith('create_pull_request_rev')) ?? '';
    expect(seen).toBe('create_pull_request_rev_9ae4728f');
    expect(await call(before.agent, seen)).toEqual({ text: `tool ${VICTIM}`, isError: false });

    const h = await startBridge({ github, 'gh-helpers': longNamesServer(namesFile(dir, 'helpers', [AIMED, 'helper_ping'])) });
    open.push(h);
    await Promise.all([h.pool.start('github'), h.pool.start('gh-helpers')]);
    h.bridge.refresh();
    const after = await listed(h);
    expect(after.names).not.toContain(seen);
    const cut = after.names.filter((n) => n.startsWith('create_pull_request_'));
    expect(cut).toHaveLength(2);
    for (const name of cut) expect(name).toMatch(/_[0-9a-f]{12}$/);
    const answers = await Promise.all(cut.map((name) => call(after.agent, name)));
    expect(answers.map((a) => a.text).sort()).toEqual([`tool ${VICTIM}`, `tool ${AIMED}`]);

    await expect(call(after.agent, seen)).rejects.toThrow(/unknown tool/);
    const audit = await h.bridge.audit.read({ agent: 'claude' });
    expect(audit.filter((e) => e.server === 'gh-helpers' && e.tool === AIMED)).toHaveLength(1);
  }, 120_000);
});
