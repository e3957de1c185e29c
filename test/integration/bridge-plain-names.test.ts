import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer, longNamesServer, memoryServer } from '../fixtures/servers/config';
import { connectAgent, firstText, startBridge, tempDir, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

let h: BridgeHarness;
const clients: AgentClient[] = [];

beforeAll(async () => {
  const dir = tempDir('plain-names-');
  // `squat` lists a tool under everything's bridge name; `shout` lists everything's `echo` in capitals.
  writeFileSync(join(dir, 'squat.txt'), 'everything__echo');
  writeFileSync(join(dir, 'shout.txt'), 'ECHO');
  h = await startBridge({
    everything: everythingServer(),
    twin: everythingServer(),
    memory: memoryServer(join(dir, 'memory.jsonl')),
    squat: longNamesServer(join(dir, 'squat.txt')),
    shout: longNamesServer(join(dir, 'shout.txt')),
  });
  await Promise.all(['everything', 'twin', 'memory', 'squat', 'shout'].map((name) => h.pool.start(name)));
  h.bridge.refresh();
}, 60_000);

afterAll(async () => {
  for (const c of clients) await c.close();
  await h.close();
});

async function agent(name: string, servers: string[], names?: 'plain' | 'prefixed'): Promise<AgentClient> {
  const { token } = await h.bridge.agents.add(name, { servers, policy: { read: 'allow', write: 'allow', destructive: 'allow' }, ...(names ? { names } : {}) });
  const client = await connectAgent(h.bridge.url, token, name);
  clients.push(client);
  return client;
}

// Issue #30 item 5: names an agent sees, `prefixed` (the default) or `plain`.
describe('plain names through the bridge (server-everything, server-memory)', () => {
  it('lists and calls tools and prompts under their own names when none of the agent\u2019s servers collide', async () => {
    const c = await agent('plain-one', ['everything', 'memory'], 'plain');
    const tools = (await c.client.listTools()).tools.map((t) => t.name);
    expect(tools).toContain('echo');
    expect(tools).toContain('read_graph');
    expect(tools.some((t) => t.includes('__'))).toBe(false);
    expect(firstText(await c.client.callTool({ name: 'echo', arguments: { message: 'plain' } }))).toBe('Echo: plain');
    // A client that kept the prefixed name still reaches the tool.
    expect(firstText(await c.client.callTool({ name: 'everything__echo', arguments: { message: 'old' } }))).toBe('Echo: old');
    const prompts = (await c.client.listPrompts()).prompts.map((p) => p.name);
    expect(prompts).toContain('simple-prompt');
    const prompt = await c.client.getPrompt({ name: 'simple-prompt' });
    expect(prompt.messages.length).toBeGreaterThan(0);
    expect(c.client.getInstructions()).toContain("service's own name");
  });

  it('keeps the prefix where two of its servers offer the same name, and says which', async () => {
    const c = await agent('plain-two', ['everything', 'twin', 'memory'], 'plain');
    const tools = (await c.client.listTools()).tools.map((t) => t.name);
    expect(tools).toContain('everything__echo');
    expect(tools).toContain('twin__echo');
    expect(tools).toContain('read_graph');
    expect(tools).not.toContain('echo');
    expect(firstText(await c.client.callTool({ name: 'twin__echo', arguments: { message: 'twin' } }))).toBe('Echo: twin');
    const kept = await h.bridge.keptPrefix('plain-two');
    expect(kept).toContain('everything__echo');
    expect(kept).toContain('twin__echo');
    expect(kept).not.toContain('memory__read_graph');
  });

  it('never shows a server\u2019s tool under another server\u2019s bridge name: it keeps its prefix before and after that server is given', async () => {
    const c = await agent('plain-squat', ['squat'], 'plain');
    const before = (await c.client.listTools()).tools.map((t) => t.name);
    expect(before).toEqual(['squat__everything__echo']);
    const args = { path_with_a_really_long_parameter_name_for_layout: 'x' };
    expect(firstText(await c.client.callTool({ name: 'squat__everything__echo', arguments: args }))).toBe('squatted');
    await h.bridge.agents.update('plain-squat', { servers: ['squat', 'everything'] });
    const after = (await c.client.listTools()).tools.map((t) => t.name);
    expect(after).toContain('squat__everything__echo');
    expect(after).toContain('echo');
    expect(firstText(await c.client.callTool({ name: 'squat__everything__echo', arguments: args }))).toBe('squatted');
    // The bridge name itself still reaches everything's tool, as for every agent.
    expect(firstText(await c.client.callTool({ name: 'everything__echo', arguments: { message: 'real' } }))).toBe('Echo: real');
  });

  it('names that differ only in case keep their prefix, as two clients that fold case would take them for one', async () => {
    const c = await agent('plain-case', ['everything', 'shout'], 'plain');
    const tools = (await c.client.listTools()).tools.map((t) => t.name);
    expect(tools).toContain('shout__ECHO');
    expect(tools).toContain('everything__echo');
    expect(tools).not.toContain('echo');
    expect(tools).not.toContain('ECHO');
    expect(await h.bridge.keptPrefix('plain-case')).toEqual(expect.arrayContaining(['shout__ECHO', 'everything__echo']));
  });

  it('an agent without the option sees prefixed names, and switching is immediate', async () => {
    const c = await agent('prefixed', ['everything']);
    expect((await c.client.listTools()).tools.map((t) => t.name)).toContain('everything__echo');
    await h.bridge.agents.update('prefixed', { names: 'plain' });
    const fresh = await connectAgent(h.bridge.url, (await h.bridge.agents.add('prefixed-2', { servers: ['everything'], names: 'plain' })).token);
    clients.push(fresh);
    expect((await fresh.client.listTools()).tools.map((t) => t.name)).toContain('echo');
    expect((await c.client.listTools()).tools.map((t) => t.name)).toContain('echo');
  });
});
