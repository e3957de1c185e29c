import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { shortHash } from '../../shared/naming';
import { longNamesServer } from '../fixtures/servers/config';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const open: Array<BridgeHarness | AgentClient> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

const POLICY = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

function toolsFile(...names: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'cs-nested-')), 'names');
  writeFileSync(file, names.join('\n'));
  return file;
}

async function textOf(agent: AgentClient, name: string): Promise<string> {
  const result = await agent.client.callTool({ name, arguments: { path_with_a_really_long_parameter_name_for_layout: 'v' } });
  const [first] = result.content as Array<{ text?: string }>;
  return first?.text ?? '';
}

// A config holding `a` and `a__x` (by hand, or from before such names were refused): both make `a__x__y`.
describe('a server whose name holds __ beside the server it nests in', () => {
  const servers = (): Parameters<typeof startBridge>[0] => ({
    a: longNamesServer(toolsFile('x__y', 'plain')),
    a__x: longNamesServer(toolsFile('y', 'z')),
  });
  const nestedY = `a__x__${shortHash('a__x\u0000y').slice(0, 8)}-y`;
  const nestedZ = `a__x__${shortHash('a__x\u0000z').slice(0, 8)}-z`;

  it("lists both servers' tools; a__x__y stays a's x__y and a__x's y takes its own hashed name, each reaching its server", async () => {
    const h = await startBridge(servers());
    open.push(h);
    await Promise.all([h.pool.start('a'), h.pool.start('a__x')]);
    const { token } = await h.bridge.agents.add('agent', { servers: ['*'], policy: POLICY });
    const agent = await connectAgent(h.bridge.url, token, 'agent');
    open.push(agent);
    const names = (await agent.client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(['a__plain', 'a__x__y', nestedY, nestedZ].sort());
    expect(await textOf(agent, 'a__x__y')).toBe('tool x__y');
    expect(await textOf(agent, 'a__plain')).toBe('tool plain');
    expect(await textOf(agent, nestedY)).toBe('tool y');
    expect(await textOf(agent, nestedZ)).toBe('tool z');
  }, 90_000);

  it('gives the same names after a restart in which only a__x has started, and a__x__y starts a for its call', async () => {
    const h = await startBridge(servers());
    open.push(h);
    await h.pool.start('a__x');
    const { token } = await h.bridge.agents.add('agent', { servers: ['*'], policy: POLICY });
    const agent = await connectAgent(h.bridge.url, token, 'agent');
    open.push(agent);
    const names = (await agent.client.listTools()).tools.map((t) => t.name);
    expect(names.sort()).toEqual([nestedY, nestedZ].sort());
    expect(h.pool.status('a').state).toBe('idle');
    // `a` has never listed its tools: the name is in its namespace, so the call starts `a`, never a__x.
    expect(await textOf(agent, 'a__x__y')).toBe('tool x__y');
    expect(h.pool.status('a').state).toBe('ready');
    expect(await textOf(agent, nestedY)).toBe('tool y');
  }, 90_000);
});
