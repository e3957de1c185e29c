import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { AgentPolicy } from '../../electron/bridge';
import { everythingServer, faultServer } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';
import { firstText, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { connectModernAgent, type ModernAgent } from '../support/modern-agent';

// Issue #32: an agent with listFound sees the tools its searches find join its listing, through an
// unmodified SDK client that refreshes its tools on list_changed, and calls them directly through the same gate.
let h: BridgeHarness;
const closers: Array<() => Promise<void>> = [];
const POLICY: AgentPolicy = { read: 'allow', write: 'ask', destructive: 'deny' };

beforeAll(async () => {
  h = await startBridge({ everything: everythingServer(), svc: faultServer() });
  await Promise.all([h.pool.start('everything'), h.pool.start('svc')]);
  h.bridge.refresh();
}, 60_000);

afterAll(async () => {
  for (const close of closers) await close();
  await h.close();
});

/** A legacy-session SDK client whose listing is what its last refresh on list_changed gave it. */
async function refreshingAgent(name: string, options: { listFound?: boolean; tools?: Record<string, Record<string, 'allow' | 'ask' | 'deny'>> } = {}) {
  const { token } = await h.bridge.agents.add(name, { servers: ['*'], policy: POLICY, toolMode: 'search', ...(options.listFound === false ? {} : { listFound: true }), ...(options.tools ? { tools: options.tools } : {}) });
  const refreshes: Tool[][] = [];
  const client = new Client(
    { name, version: '1.0.0' },
    { listChanged: { tools: { onChanged: (error, tools) => void (error === null && tools !== null ? refreshes.push(tools) : undefined) } } },
  );
  const transport = new StreamableHTTPClientTransport(new URL(h.bridge.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  await client.connect(transport);
  closers.push(async () => {
    await transport.terminateSession().catch(() => undefined);
    await client.close();
  });
  const call = (tool: string, args: Record<string, unknown>): Promise<CallToolResult> => client.callTool({ name: tool, arguments: args }) as Promise<CallToolResult>;
  const listed = (): string[] => (refreshes.at(-1) ?? []).map((t) => t.name);
  return { client, call, refreshes, listed };
}

async function searched(call: (tool: string, args: Record<string, unknown>) => Promise<CallToolResult>, query: string): Promise<string[]> {
  const result = await call('search_tools', { query });
  return (JSON.parse(firstText(result)) as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
}

describe('found tools joining the listing (listFound) through the bridge', () => {
  it('a read tool found appears after the client refreshes, with its own definition, and is called directly', async () => {
    const a = await refreshingAgent('refresher');
    expect((await a.client.listTools()).tools.map((t) => t.name)).toEqual(['search_tools', 'call_read_tool', 'call_write_tool']);
    const found = await searched(a.call, 'repeat my message back to me');
    expect(found).toContain('everything__echo');
    const echo = await waitFor('the refreshed listing to hold echo', () => a.refreshes.at(-1)?.find((t) => t.name === 'everything__echo'));
    expect(echo.inputSchema.properties).toHaveProperty('message');
    // Every tool found is one it may call, and the search and call tools stay.
    expect(a.listed().slice(0, 3)).toEqual(['search_tools', 'call_read_tool', 'call_write_tool']);
    expect(a.listed().slice(3).sort()).toEqual([...found].sort());
    expect(firstText(await a.call('everything__echo', { message: 'listed after a search' }))).toBe('Echo: listed after a search');
    const audit = await h.bridge.audit.read({ agent: 'refresher' });
    expect(audit.find((e) => e.tool === 'echo')).toMatchObject({ server: 'everything', outcome: 'ok' });
  });

  it('turning listFound off forgets the tools found: turned on again, the listing holds none until a new search', async () => {
    const a = await refreshingAgent('switcher');
    expect(await searched(a.call, 'repeat my message back to me')).toContain('everything__echo');
    await waitFor('the listing to hold echo', async () => ((await a.client.listTools()).tools.some((t) => t.name === 'everything__echo') ? true : undefined));
    await h.bridge.agents.update('switcher', { listFound: false });
    await h.bridge.agents.update('switcher', { listFound: true });
    expect((await a.client.listTools()).tools.map((t) => t.name)).toEqual(['search_tools', 'call_read_tool', 'call_write_tool']);
    expect(await searched(a.call, 'repeat my message back to me')).toContain('everything__echo');
    await waitFor('the listing to hold echo again', async () => ((await a.client.listTools()).tools.some((t) => t.name === 'everything__echo') ? true : undefined));
  });

  it('a write tool found and called by its own name waits for the person, who sees that name and its arguments', async () => {
    const a = await refreshingAgent('direct writer');
    expect(await searched(a.call, 'register a new tool at runtime')).toContain('svc__addTool');
    const add = await waitFor('the refreshed listing to hold addTool', () => a.refreshes.at(-1)?.find((t) => t.name === 'svc__addTool'));
    expect(add.name).toBe('svc__addTool');
    const pending = a.call('svc__addTool', { name: 'yak_counter' });
    const waiting = await waitFor('the call waiting for the person', () => h.bridge.approvals.list().find((p) => p.agent === 'direct writer'));
    expect(waiting).toMatchObject({ kind: 'tool', server: 'svc', tool: 'addTool', tier: 'write', arguments: { name: 'yak_counter' } });
    await h.bridge.approvals.allow(waiting.id);
    expect(firstText(await pending)).toBe('added yak_counter');
  });

  it('never lists a denied tool, and an agent without the option keeps its listing', async () => {
    const a = await refreshingAgent('no pid', { tools: { svc: { pid: 'deny' } } });
    const found = await searched(a.call, 'process id pid of the server');
    expect(found).not.toContain('svc__pid');
    expect(found.length).toBeGreaterThan(0);
    await waitFor('a refresh after the search', () => (a.refreshes.length > 0 ? true : undefined));
    expect(a.listed()).not.toContain('svc__pid');

    const plain = await refreshingAgent('not listing', { listFound: false });
    expect(await searched(plain.call, 'repeat my message back to me')).toContain('everything__echo');
    // The search answered after the listing would have changed (found-listing.ts adds before answering).
    expect((await plain.client.listTools()).tools.map((t) => t.name)).toEqual(['search_tools', 'call_read_tool', 'call_write_tool']);
  });

  it('a 2026-07-28 agent hears of it on its listen stream and lists the found tool', async () => {
    const { token } = await h.bridge.agents.add('modern finder', { servers: ['everything'], policy: POLICY, toolMode: 'search', listFound: true });
    const m: ModernAgent = await connectModernAgent(h.bridge.url, token);
    closers.push(() => m.close());
    const heard: string[] = [];
    m.client.setNotificationHandler('notifications/tools/list_changed', () => void heard.push('tools'));
    const subscription = await m.client.listen({ toolsListChanged: true });
    closers.push(() => subscription.close());
    await m.client.callTool({ name: 'search_tools', arguments: { query: 'repeat my message back to me' } });
    await waitFor('list_changed on the listen stream', () => (heard.includes('tools') ? true : undefined));
    const names = (await m.client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('everything__echo');
  });
});
