import { afterEach, describe, expect, it } from 'vitest';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { faultServer, everythingServer } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';
import { connectAgent, firstText, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const open: Array<BridgeHarness | AgentClient> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function setup(servers: Parameters<typeof startBridge>[0]): Promise<{ h: BridgeHarness; agent: AgentClient; token: string }> {
  const h = await startBridge(servers);
  open.push(h);
  const { token } = await h.bridge.agents.add('agent', { servers: ['*'], policy: ALLOW_ALL });
  const agent = await connectAgent(h.bridge.url, token);
  open.push(agent);
  return { h, agent, token };
}

describe('an unmodified SDK client through the bridge', () => {
  it('lists cached tools without spawning, then calls echo (lazy start) with prefixed names and annotations', async () => {
    // First run fills the inventory cache; the second bridge starts with the server idle.
    const first = await startBridge({ everything: everythingServer() });
    await first.pool.start('everything');
    await first.close();
    const h = await startBridge({ everything: everythingServer() }, { dataDir: first.dataDir });
    open.push(h);
    const { token } = await h.bridge.agents.add('agent', { servers: ['everything'], policy: ALLOW_ALL });
    const agent = await connectAgent(h.bridge.url, token);
    open.push(agent);

    const { tools } = await agent.client.listTools();
    expect(h.pool.status('everything').state).toBe('idle');
    const echo = tools.find((t) => t.name === 'everything__echo');
    expect(echo?.description).toContain('[everything]');
    expect(echo?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(echo?.inputSchema.type).toBe('object');
    expect(tools.every((t) => /^everything__[A-Za-z0-9_-]+$/.test(t.name) && t.name.length <= 64)).toBe(true);

    const result = await agent.client.callTool({ name: 'everything__echo', arguments: { message: 'hello bridge' } });
    expect(firstText(result)).toBe('Echo: hello bridge');
    expect(h.pool.status('everything').state).toBe('ready');

    // Resources (exact and templated URIs) and prompts go through as well.
    const { resources } = await agent.client.listResources();
    const doc = resources[0];
    if (!doc) throw new Error('no resources');
    expect(doc.name.startsWith('everything__')).toBe(true);
    const read = await agent.client.readResource({ uri: doc.uri });
    expect(read.contents[0]?.uri).toBe(doc.uri);
    const { resourceTemplates } = await agent.client.listResourceTemplates();
    expect(resourceTemplates.length).toBeGreaterThan(0);
    const prompt = await agent.client.getPrompt({ name: 'everything__simple-prompt' });
    expect(prompt.messages.length).toBeGreaterThan(0);
    await expect(agent.client.getPrompt({ name: 'everything__nope' })).rejects.toThrow(/unknown prompt/);
    await expect(agent.client.callTool({ name: 'nope__nope', arguments: {} })).rejects.toThrow(/unknown tool/);

    // Audit: one line per call, no arguments by default.
    const entries = await h.bridge.audit.read({ agent: 'agent' });
    const echoEntry = entries.find((e) => e.tool === 'echo');
    expect(echoEntry).toMatchObject({ server: 'everything', kind: 'tool', outcome: 'ok' });
    expect(echoEntry).not.toHaveProperty('arguments');
    expect(echoEntry).not.toHaveProperty('result');
    expect(JSON.stringify(entries)).not.toContain('hello bridge');
    expect(entries.find((e) => e.kind === 'resource')).toMatchObject({ tool: doc.uri, outcome: 'ok' });
    expect(entries.find((e) => e.tool === 'nope__nope')).toMatchObject({ outcome: 'error', errorCode: 'not_found' });
  });

  it('passes progress notifications through', async () => {
    const { agent } = await setup({ everything: everythingServer() });
    const progress: number[] = [];
    const result = await agent.client.callTool(
      { name: 'everything__trigger-long-running-operation', arguments: { duration: 0.6, steps: 3 } },
      undefined,
      { onprogress: (p) => progress.push(p.progress) },
    );
    expect(firstText(result)).toContain('completed');
    expect(progress).toEqual([1, 2, 3]);
  });

  it('passes cancellation through to the upstream server', async () => {
    const { agent, h } = await setup({ fault: faultServer() });
    await h.pool.start('fault');
    const controller = new AbortController();
    const call = agent.client.callTool({ name: 'fault__slow', arguments: { ms: 20_000 } }, undefined, { signal: controller.signal });
    // Cancelled before it reached the server, the call would never go upstream: wait until it has.
    await waitFor('the slow call at the server', async () => {
      const seen = JSON.parse(firstText(await agent.client.callTool({ name: 'fault__seen', arguments: {} }))) as { started: number };
      return seen.started >= 1;
    });
    controller.abort();
    await expect(call).rejects.toThrow();
    const seen = await waitFor('the upstream cancellation', async () => {
      const text = firstText(await agent.client.callTool({ name: 'fault__seen', arguments: {} }));
      return (JSON.parse(text) as { cancelled: number }).cancelled >= 1 ? text : undefined;
    });
    expect(seen).toContain('"cancelled":1');
    const cancelled = await waitFor('the cancelled audit entry', async () => (await h.bridge.audit.read({ outcome: 'cancelled' }))[0]);
    expect(cancelled).toMatchObject({ tool: 'slow', server: 'fault' });
  });

  it('passes upstream tool errors through, and sends tools/list_changed when an inventory changes', async () => {
    const { agent, h } = await setup({ fault: faultServer() });
    await h.pool.start('fault');
    const failed = await agent.client.callTool({ name: 'fault__fail', arguments: {} });
    expect(failed.isError).toBe(true);
    expect(firstText(failed)).toBe('it went wrong');
    expect((await h.bridge.audit.read({ outcome: 'tool_error' }))[0]).toMatchObject({ tool: 'fail' });

    let changed = 0;
    agent.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed++;
    });
    // Server-initiated notifications travel on the GET stream the client opens after initializing;
    // a notification sent before it is open is lost, so add tools until one is announced.
    let added = '';
    for (let attempt = 0; attempt < 5 && changed === 0; attempt++) {
      added = `late_tool_${attempt}`;
      await agent.client.callTool({ name: 'fault__addTool', arguments: { name: added } });
      await waitFor('tools/list_changed', () => changed > 0, 1_000).catch(() => undefined);
    }
    expect(changed).toBeGreaterThan(0);
    const { tools } = await agent.client.listTools();
    expect(tools.map((t) => t.name)).toContain(`fault__${added}`);
  });
});
