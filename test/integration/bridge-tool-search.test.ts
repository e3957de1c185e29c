import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AgentPolicy } from '../../electron/bridge';
import { everythingServer, faultServer } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';
import { connectAgent, firstText, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

interface Found {
  name: string;
  server: string;
  tier: string;
  call: string;
  approval?: string;
  description?: string;
  inputSchema: { properties?: Record<string, unknown> };
}

let h: BridgeHarness;
const clients: AgentClient[] = [];
const POLICY: AgentPolicy = { read: 'allow', write: 'ask', destructive: 'deny' };

beforeAll(async () => {
  h = await startBridge({ everything: everythingServer(), svc: faultServer() });
  await Promise.all([h.pool.start('everything'), h.pool.start('svc')]);
  h.bridge.refresh();
}, 60_000);

afterAll(async () => {
  for (const c of clients) await c.close();
  await h.close();
});

async function agent(name: string, options: { servers?: string[]; tools?: Record<string, Record<string, 'allow' | 'ask' | 'deny'>> } = {}): Promise<AgentClient> {
  const { token } = await h.bridge.agents.add(name, { servers: options.servers ?? ['*'], policy: POLICY, ...(options.tools ? { tools: options.tools } : {}), toolMode: 'search' });
  const client = await connectAgent(h.bridge.url, token, name);
  clients.push(client);
  return client;
}

function call(c: AgentClient, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return c.client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
}

async function search(c: AgentClient, query: string, extra: Record<string, unknown> = {}): Promise<{ tools: Found[]; nothingFits?: string }> {
  const result = await call(c, 'search_tools', { query, ...extra });
  expect(result.isError).toBeUndefined();
  return JSON.parse(firstText(result)) as { tools: Found[]; nothingFits?: string };
}

function errorCode(result: CallToolResult): unknown {
  return (result._meta?.['connected-services/error'] as { code?: unknown } | undefined)?.code;
}

// Issue #32: an agent in search mode, through the bridge, with an unmodified SDK client.
describe('tool search through the bridge (server-everything and our fault server)', () => {
  it('lists a search and the call tools of the tiers it may use, then finds and calls a tool, audited under the real tool', async () => {
    const c = await agent('finder');
    const listed = (await c.client.listTools()).tools.map((t) => t.name);
    // Destructive tools are denied: no call tool for them.
    expect(listed).toEqual(['search_tools', 'call_read_tool', 'call_write_tool']);

    const found = await search(c, 'repeat my message back to me');
    const echo = found.tools[0];
    expect(echo).toMatchObject({ name: 'everything__echo', server: 'everything', tier: 'read', call: 'call_read_tool' });
    expect(Object.keys(echo?.inputSchema.properties ?? {})).toEqual(['message']);

    const answer = await call(c, 'call_read_tool', { name: 'everything__echo', arguments: { message: 'found by search' } });
    expect(firstText(answer)).toBe('Echo: found by search');
    const audit = await h.bridge.audit.read({ agent: 'finder' });
    expect(audit.find((e) => e.tool === 'echo')).toMatchObject({ server: 'everything', kind: 'tool', outcome: 'ok' });
    expect(audit.some((e) => e.tool.includes('call_read_tool') || e.tool.includes('search_tools'))).toBe(false);

    // Needs no tool fits are said so, with the services to search instead.
    const none = await search(c, 'book a table at an italian restaurant for tonight');
    expect(none.tools).toEqual([]);
    expect(none.nothingFits).toContain('none of your tools fits');
  });

  it('never shows a tool the agent may not call: another server, a denied tool, a denied tier', async () => {
    const only = await agent('only svc', { servers: ['svc'] });
    for (const query of ['echo a message', 'add two numbers together', 'sum of a and b']) {
      const found = await search(only, query);
      expect(found.tools.every((t) => t.server === 'svc'), query).toBe(true);
    }
    expect(errorCode(await call(only, 'search_tools', { query: 'echo', server: 'everything' }))).toBe('not_found');

    const noPid = await agent('no pid', { tools: { svc: { pid: 'deny' } } });
    const everything = await search(noPid, 'process id pid of the server', { limit: 20 });
    expect(everything.tools.map((t) => t.name)).not.toContain('svc__pid');
    const withPid = await search(only, 'process id pid of the server');
    expect(withPid.tools[0]?.name).toBe('svc__pid');
    // Called anyway through a call tool, it is refused by the gate as a direct call is.
    const refused = await call(noPid, 'call_write_tool', { name: 'svc__pid', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(errorCode(refused)).toBe('denied');
  });

  it('a write tool found by search waits for the person, who sees its real name and arguments; the right call tool is required', async () => {
    const c = await agent('writer');
    const found = await search(c, 'register a new tool at runtime');
    const add = found.tools.find((t) => t.name === 'svc__addTool');
    expect(add).toMatchObject({ tier: 'write', call: 'call_write_tool', approval: 'asked' });

    const wrong = await call(c, 'call_read_tool', { name: 'svc__addTool', arguments: { name: 'zebra_counter' } });
    expect(errorCode(wrong)).toBe('invalid_input');
    expect(firstText(wrong)).toContain('call_write_tool');

    const pending = call(c, 'call_write_tool', { name: 'svc__addTool', arguments: { name: 'zebra_counter' } });
    const waiting = await waitFor('the call waiting for the person', () => h.bridge.approvals.list().find((p) => p.agent === 'writer'));
    expect(waiting).toMatchObject({ kind: 'tool', server: 'svc', tool: 'addTool', tier: 'write', arguments: { name: 'zebra_counter' } });
    await h.bridge.approvals.allow(waiting.id);
    expect(firstText(await pending)).toBe('added zebra_counter');
    const audit = await h.bridge.audit.read({ agent: 'writer' });
    expect(audit.find((e) => e.tool === 'addTool')).toMatchObject({ server: 'svc', outcome: 'ok', approval: 'person' });
    // The try through the read's call tool is in the audit too, refused before any gate.
    expect(audit.find((e) => e.tool === 'addTool' && e.outcome === 'denied')).toMatchObject({ server: 'svc', tier: 'write', errorCode: 'invalid_input' });

    // Results follow the server's list change: the tool it added is found.
    const added = await waitFor('the added tool to be found', async () => (await search(c, 'zebra counter')).tools.find((t) => t.name === 'svc__zebra_counter'));
    expect(added.server).toBe('svc');
  });

  it('agents in `all` mode keep their full listing and know no search tools', async () => {
    const { token } = await h.bridge.agents.add('everything at once', { servers: ['*'], policy: POLICY });
    const c = await connectAgent(h.bridge.url, token, 'everything at once');
    clients.push(c);
    const names = (await c.client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('everything__echo');
    expect(names).not.toContain('search_tools');
    await expect(call(c, 'search_tools', { query: 'echo' })).rejects.toMatchObject({ code: -32602 });
  });

  it('names made for Claude Code fit its 64 characters with its prefix, and the cut name calls the tool', async () => {
    const { token } = await h.bridge.agents.add('claude', { servers: ['everything'], policy: { read: 'allow', write: 'allow', destructive: 'allow' }, client: 'claude-code' });
    const c = await connectAgent(h.bridge.url, token, 'claude');
    clients.push(c);
    const names = (await c.client.listTools()).tools.map((t) => t.name);
    // Claude Code's name for it holds the entry `agents config` prints and `agents connect` writes.
    for (const name of names) expect(`mcp__connected-services-claude__${name}`).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    const long = names.find((n) => n.startsWith('everything__trigger-lon_')) ?? 'missing';
    expect(long).toMatch(/^everything__trigger-lon_[0-9a-f]{8}$/);
    const done = await call(c, long, { duration: 0.1, steps: 1 });
    expect(done.isError).toBeUndefined();
    const audit = await h.bridge.audit.read({ agent: 'claude' });
    expect(audit.find((e) => e.tool === 'trigger-long-running-operation')).toMatchObject({ server: 'everything', outcome: 'ok' });
  });
});
