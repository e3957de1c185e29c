import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AgentPolicy } from '../../electron/bridge';
import { everythingServer } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';
import { connectAgent, firstText, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const THREE = ['list_resources', 'read_resource', 'get_prompt'];
const DOCUMENT = 'demo://resource/static/document/architecture.md';
const ALLOW: AgentPolicy = { read: 'allow', write: 'allow', destructive: 'allow' };

let h: BridgeHarness;
const clients: AgentClient[] = [];

beforeAll(async () => {
  h = await startBridge({ everything: everythingServer() });
  await h.pool.start('everything');
  h.bridge.refresh();
}, 60_000);

afterAll(async () => {
  for (const c of clients) await c.close();
  await h.close();
});

async function agent(name: string, policy: AgentPolicy, resourceTools?: boolean): Promise<AgentClient> {
  const { token } = await h.bridge.agents.add(name, { servers: ['everything'], policy, ...(resourceTools === undefined ? {} : { resourceTools }) });
  const client = await connectAgent(h.bridge.url, token, name);
  clients.push(client);
  return client;
}

function call(c: AgentClient, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return c.client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
}

function errorCode(result: CallToolResult): unknown {
  return (result._meta?.['connected-services/error'] as { code?: unknown } | undefined)?.code;
}

// Issue #33: resources and prompts as tools, for agent hosts that use tools only.
describe('resource tools through the bridge (server-everything, an unmodified SDK client)', () => {
  it('are not there without the option: not listed, and unknown when called', async () => {
    const c = await agent('without', ALLOW);
    const names = (await c.client.listTools()).tools.map((t) => t.name);
    for (const name of THREE) expect(names).not.toContain(name);
    await expect(call(c, 'read_resource', { uri: DOCUMENT })).rejects.toMatchObject({ code: -32602 });
  });

  it('list, read and get what the MCP methods do, audited as those reads', async () => {
    const c = await agent('with', ALLOW, true);
    const tools = (await c.client.listTools()).tools;
    expect(tools.filter((t) => THREE.includes(t.name)).map((t) => t.name)).toEqual(THREE);
    expect(tools.find((t) => t.name === 'read_resource')?.annotations?.readOnlyHint).toBe(true);

    const listing = JSON.parse(firstText(await call(c, 'list_resources', {}))) as {
      resources: Array<{ uri: string }>;
      resourceTemplates: unknown[];
      prompts: Array<{ name: string }>;
    };
    expect(listing.resources.map((r) => r.uri)).toContain(DOCUMENT);
    expect(listing.resources).toEqual((await c.client.listResources()).resources);
    expect(listing.prompts.map((p) => p.name)).toContain('everything__simple-prompt');
    expect(JSON.parse(firstText(await call(c, 'list_resources', { server: 'everything' })))).toEqual(listing);
    expect(errorCode(await call(c, 'list_resources', { server: 'elsewhere' }))).toBe('not_found');

    const read = await call(c, 'read_resource', { uri: DOCUMENT });
    const real = await c.client.readResource({ uri: DOCUMENT });
    expect(read.isError).toBeUndefined();
    expect(firstText(read)).toBe((real.contents[0] as { text: string }).text);
    expect(firstText(read).length).toBeGreaterThan(0);

    const prompt = await call(c, 'get_prompt', { name: 'everything__simple-prompt' });
    // Each message's text, saying whose turn it is (the prompt's result carries no description here).
    expect((await c.client.getPrompt({ name: 'everything__simple-prompt' })).description).toBeUndefined();
    expect(prompt.content).toEqual([{ type: 'text', text: '[user] This is a simple prompt without arguments.' }]);
    const withArgs = await call(c, 'get_prompt', { name: 'everything__args-prompt', arguments: { city: 'Paris' } });
    expect(JSON.stringify(withArgs.content)).toContain('Paris');

    // Unknown ones and wrong arguments are results the model reads (MCP server/tools §Error Handling).
    expect(errorCode(await call(c, 'read_resource', { uri: 'demo://nothing/here' }))).toBe('not_found');
    expect(errorCode(await call(c, 'get_prompt', { name: 'no-such-prompt' }))).toBe('not_found');
    expect(errorCode(await call(c, 'read_resource', {}))).toBe('invalid_input');

    const audit = await h.bridge.audit.read({ agent: 'with' });
    expect(audit.some((e) => e.kind === 'resource' && e.tool === DOCUMENT && e.outcome === 'ok')).toBe(true);
    expect(audit.some((e) => e.kind === 'prompt' && e.tool === 'simple-prompt' && e.outcome === 'ok')).toBe(true);
  });

  it('a denied read tier refuses them as it refuses the MCP methods, and does not list them', async () => {
    const c = await agent('no reads', { ...ALLOW, read: 'deny' }, true);
    const names = (await c.client.listTools()).tools.map((t) => t.name);
    for (const name of THREE) expect(names).not.toContain(name);
    await expect(c.client.readResource({ uri: DOCUMENT })).rejects.toMatchObject({ code: -32010 });
    const read = await call(c, 'read_resource', { uri: DOCUMENT });
    expect(read.isError).toBe(true);
    expect(errorCode(read)).toBe('denied');
    await expect(c.client.getPrompt({ name: 'everything__simple-prompt' })).rejects.toMatchObject({ code: -32010 });
    expect(errorCode(await call(c, 'get_prompt', { name: 'everything__simple-prompt' }))).toBe('denied');
    expect(errorCode(await call(c, 'list_resources', {}))).toBe('denied');
    const audit = await h.bridge.audit.read({ agent: 'no reads', outcome: 'denied' });
    expect(audit.filter((e) => e.kind === 'resource' && e.tool === DOCUMENT)).toHaveLength(2);
  });

  it('a read tier that asks waits for the person, as resources/read does', async () => {
    const c = await agent('asks', { ...ALLOW, read: 'ask' }, true);
    const pending = call(c, 'read_resource', { uri: DOCUMENT });
    const waiting = await waitFor('the read waiting for the person', () => h.bridge.approvals.list().find((p) => p.agent === 'asks'));
    expect(waiting).toMatchObject({ kind: 'resource', server: 'everything', tool: DOCUMENT, tier: 'read' });
    h.bridge.approvals.deny(waiting.id);
    expect(errorCode(await pending)).toBe('denied');
  });
});
