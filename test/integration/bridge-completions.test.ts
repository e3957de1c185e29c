import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer } from '../fixtures/servers/config';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

let h: BridgeHarness;
const clients: AgentClient[] = [];

beforeAll(async () => {
  h = await startBridge({ everything: everythingServer() });
  await h.pool.start('everything');
}, 60_000);

afterAll(async () => {
  for (const c of clients) await c.close();
  await h.close();
});

async function agent(name: string, read: 'allow' | 'ask' | 'deny', servers = ['*']): Promise<AgentClient> {
  const { token } = await h.bridge.agents.add(name, { servers, policy: { read, write: 'deny', destructive: 'deny' } });
  const client = await connectAgent(h.bridge.url, token, name);
  clients.push(client);
  return client;
}

// Issue #30: completion/complete was not forwarded, so an agent could not complete a prompt's arguments.
describe('completions through the bridge (server-everything)', () => {
  it('completes a prompt argument and a resource template variable, with context, through the gate and the audit', async () => {
    const c = await agent('completer', 'allow');
    expect(c.client.getServerCapabilities()?.completions).toEqual({});
    const department = await c.client.complete({ ref: { type: 'ref/prompt', name: 'everything__completable-prompt' }, argument: { name: 'department', value: 'S' } });
    expect(department.completion.values).toEqual(['Sales', 'Support']);
    const person = await c.client.complete({
      ref: { type: 'ref/prompt', name: 'everything__completable-prompt' },
      argument: { name: 'name', value: '' },
      context: { arguments: { department: 'Engineering' } },
    });
    expect(person.completion.values).toEqual(['Alice', 'Bob', 'Charlie']);

    const template = (await c.client.listResourceTemplates()).resourceTemplates[0]?.uriTemplate ?? '';
    expect(template).toContain('{resourceId}');
    const ids = await c.client.complete({ ref: { type: 'ref/resource', uri: template }, argument: { name: 'resourceId', value: '1' } });
    expect(ids.completion.values.length).toBeGreaterThan(0);

    await h.bridge.audit.flush();
    const audited = await h.bridge.audit.read({ agent: 'completer' });
    expect(audited.some((e) => e.server === 'everything' && e.outcome === 'ok')).toBe(true);
  });

  it('refuses where the agent may not read, or only reads after asking the person; an unknown prompt is invalid params', async () => {
    const denied = await agent('no-reads', 'deny');
    await expect(denied.client.complete({ ref: { type: 'ref/prompt', name: 'everything__completable-prompt' }, argument: { name: 'department', value: '' } })).rejects.toThrow(/may not/);
    const asking = await agent('asks-first', 'ask');
    await expect(asking.client.complete({ ref: { type: 'ref/prompt', name: 'everything__completable-prompt' }, argument: { name: 'department', value: '' } })).rejects.toThrow(
      /only where your agent may read without asking/,
    );
    const elsewhere = await agent('elsewhere', 'allow', []);
    await expect(elsewhere.client.complete({ ref: { type: 'ref/prompt', name: 'everything__completable-prompt' }, argument: { name: 'department', value: '' } })).rejects.toMatchObject({ code: -32602 });
  });
});
