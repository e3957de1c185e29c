import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { protoKeyServer } from '../fixtures/servers/config';
import { connectAgent, startBridge, tempDir, type BridgeHarness } from '../support/bridge-harness';
import { runCli, tempHome } from '../support/cli';

const TOKEN = 'cs_agent_proto-key-rules-test-token';

/**
 * agents.json as the person wrote it: rules for a server named `constructor`, and for its tool named
 * `__proto__` (keys that a plain object assignment, or zod's record, would drop or turn into a prototype).
 */
function agentsFile(): string {
  const hash = createHash('sha256').update(TOKEN).digest('hex');
  const agent = `{"name":"laptop","tokenHash":"${hash}","tokenHint":"cs_agent_pro…","createdAt":1,"tokenCreatedAt":1,"servers":["constructor"],"policy":{"read":"allow","write":"allow","destructive":"allow"},"tools":{"constructor":{"__proto__":"deny","prototype":"ask"}}}`;
  return `{"version":1,"agents":[${agent}]}\n`;
}

describe('agents.json rules naming __proto__, constructor and prototype, through the real bridge', () => {
  let h: BridgeHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('deny the tool named __proto__ as written, and keep that rule when another rule is written', async () => {
    const dataDir = tempDir('cs-proto-rules-');
    const memberFile = join(dataDir, 'member');
    writeFileSync(memberFile, 'A tool so named.');
    writeFileSync(join(dataDir, 'agents.json'), agentsFile(), { mode: 0o600 });
    h = await startBridge({ constructor: protoKeyServer(memberFile) }, { dataDir });
    await h.pool.start('constructor');

    const agent = await connectAgent(h.bridge.url, TOKEN);
    try {
      // The denied tool is not listed; the other, under the tier policy (allow), is.
      expect((await agent.client.listTools()).tools.map((t) => t.name)).toEqual(['constructor__search']);
    } finally {
      await agent.close();
    }
    expect(h.bridge.agents.get('laptop')?.tools).toEqual(JSON.parse('{"constructor":{"__proto__":"deny","prototype":"ask"}}'));

    // A rule set through the store: the file is written anew, the person's rules all kept.
    await h.bridge.agents.setToolDecision('laptop', 'constructor', 'search', 'ask');
    const written = JSON.parse(readFileSync(join(dataDir, 'agents.json'), 'utf8')) as { agents: Array<{ tools: Record<string, Record<string, string>> }> };
    const rules = written.agents[0]?.tools['constructor'] ?? {};
    expect(Object.keys(rules).sort()).toEqual(['__proto__', 'prototype', 'search']);
    expect(rules['__proto__']).toBe('deny');

    // And one for the tool named __proto__ itself: set, then removed.
    await h.bridge.agents.setToolDecision('laptop', 'constructor', '__proto__', 'allow');
    expect(Object.hasOwn(h.bridge.agents.get('laptop')?.tools['constructor'] ?? {}, '__proto__')).toBe(true);
    expect(h.bridge.agents.get('laptop')?.tools['constructor']?.['__proto__']).toBe('allow');
    await h.bridge.agents.setToolDecision('laptop', 'constructor', '__proto__', null);
    expect(Object.keys(h.bridge.agents.get('laptop')?.tools['constructor'] ?? {}).sort()).toEqual(['prototype', 'search']);
  }, 60_000);
});

describe('rules and approvals under names every object has, through the real CLI', () => {
  it('sets, lists and removes a rule for a tool named __proto__ on a server named constructor', async () => {
    const home = tempHome('cs-proto-cli-');
    expect((await runCli(home, ['agents', 'add', 'laptop', '--servers', 'constructor'])).code).toBe(0);
    const set = await runCli(home, ['agents', 'set', 'laptop', '--tool', 'constructor/__proto__=deny', '--tool', 'constructor/prototype=ask', '--json']);
    expect(set.code, set.stderr).toBe(0);
    const listed = JSON.parse((await runCli(home, ['agents', 'list', '--json'])).stdout) as Array<{ tools: Record<string, Record<string, string>> }>;
    expect(listed[0]?.tools).toEqual(JSON.parse('{"constructor":{"__proto__":"deny","prototype":"ask"}}'));
    const table = await runCli(home, ['agents', 'list']);
    expect(table.stdout).toContain('constructor/__proto__=deny constructor/prototype=ask');

    expect((await runCli(home, ['agents', 'set', 'laptop', '--tool', 'constructor/__proto__=default'])).code).toBe(0);
    const after = JSON.parse((await runCli(home, ['agents', 'list', '--json'])).stdout) as Array<{ tools: Record<string, Record<string, string>> }>;
    expect(after[0]?.tools).toEqual({ constructor: { prototype: 'ask' } });
  }, 90_000);

  it('an approval is its own name only: records named __proto__ or prototype approve no other server', async () => {
    const home = tempHome('cs-proto-approvals-');
    const command = [process.execPath, '-e', '0'];
    for (const name of ['constructor', 'prototype']) expect((await runCli(home, ['servers', 'add', name, '--', ...command])).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'constructor', '--yes'])).code).toBe(0);
    const file = join(home, 'approvals.json');
    const written = JSON.parse(readFileSync(file, 'utf8')) as { version: 2; approvals: Array<{ name: string; fingerprint: string; approvedAt: number }> };
    const record = written.approvals.find((a) => a.name === 'constructor');
    if (record === undefined) throw new Error('no approval written');
    // Hand-edited: the same fingerprint under names a plain object would take as its own members.
    const approvals = [...written.approvals, { ...record, name: '__proto__' }, { ...record, name: 'toString' }];
    writeFileSync(file, JSON.stringify({ version: 2, approvals }), { mode: 0o600 });
    const listed = JSON.parse((await runCli(home, ['servers', 'list', '--json'])).stdout) as Array<{ name: string; approval: string }>;
    const approval = Object.fromEntries(listed.map((s) => [s.name, s.approval]));
    expect([approval['constructor'], approval['prototype']]).toEqual(['approved', 'pending']);
  }, 90_000);
});
