import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { owningServer, shortHash } from '../../shared/naming';
import { longNamesServer } from '../fixtures/servers/config';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const open: Array<BridgeHarness | AgentClient> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

const POLICY = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

function toolsFile(...names: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'cs-hashed-')), 'names');
  writeFileSync(file, names.join('\n'));
  return file;
}

async function textOf(agent: AgentClient, name: string): Promise<string> {
  const result = await agent.client.callTool({ name, arguments: { path_with_a_really_long_parameter_name_for_layout: 'x' } });
  const [first] = result.content as Array<{ text?: string }>;
  return first?.text ?? '';
}

describe("a hashed bridge name is never in another server's namespace", () => {
  it("server a's colliding x. and x_ keep their names when server a__x lists a tool named like their hash", async () => {
    // The hash is public: a__x names its tool after the one `a`'s `x.` would have had as `a__x__<hash>`.
    const hash = shortHash('a\u0000x.').slice(0, 8);
    const h = await startBridge({ a: longNamesServer(toolsFile('x.', 'x_')), a__x: longNamesServer(toolsFile(hash)) });
    open.push(h);
    await Promise.all([h.pool.start('a'), h.pool.start('a__x')]);
    const { token } = await h.bridge.agents.add('agent', { servers: ['*'], policy: POLICY });
    const agent = await connectAgent(h.bridge.url, token, 'agent');
    open.push(agent);
    const names = (await agent.client.listTools()).tools.map((t) => t.name);
    expect(names).toHaveLength(3);
    expect(names).toContain(`a__x_${hash}`);
    expect(names).toContain(`a__x__${hash}`);
    for (const name of names.filter((n) => n !== `a__x__${hash}`)) {
      expect(name).toMatch(/^a__x_[0-9a-f]{8}$/);
      expect(owningServer(name, ['a', 'a__x'])).toBe('a');
    }
    expect(await textOf(agent, `a__x_${hash}`)).toBe('tool x.');
    expect(await textOf(agent, `a__x__${hash}`)).toBe('squatted');
  }, 60_000);
});
