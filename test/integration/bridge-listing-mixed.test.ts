import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MAX_AGENT_LISTING_BYTES } from '../../electron/bridge/listing-bounds';
import { everythingServer, hugeToolsServer } from '../fixtures/servers/config';
import { connectAgent, firstText, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

// 72 tools of 60 KB schemas on one server, beside server-everything: only the big server is searched.
describe('an all-mode agent beside a server listing past 4 MiB', () => {
  let h: BridgeHarness;
  let agent: AgentClient;
  const lines: string[] = [];
  beforeAll(async () => {
    h = await startBridge({ everything: everythingServer(), wide: hugeToolsServer(72) }, { log: (line) => lines.push(line) });
    await Promise.all([h.pool.start('everything'), h.pool.start('wide')]);
    h.bridge.refresh();
    const { token } = await h.bridge.agents.add('all-mixed', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'deny' } });
    agent = await connectAgent(h.bridge.url, token, 'all-mixed');
  }, 90_000);
  afterAll(async () => {
    await agent?.close();
    await h?.close();
  });

  it('lists everything\u2019s tools, and search_tools and the call tools of the big server\u2019s tiers for its tools', async () => {
    const { tools } = await agent.client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toContain('everything__echo');
    expect(names.filter((n) => n.startsWith('wide__'))).toEqual([]);
    expect(names.slice(-2)).toEqual(['search_tools', 'call_read_tool']);
    expect(tools.find((t) => t.name === 'search_tools')?.description).toMatch(/^Finds the tools of these services, too many to list here: wide\./);
    expect(bytes(tools)).toBeLessThan(MAX_AGENT_LISTING_BYTES / 16);
  });

  it('finds and calls the big server\u2019s tools through them, and calls the listed ones directly', async () => {
    const found = (await agent.client.callTool({ name: 'search_tools', arguments: { query: 'read the record of the shelff shelf', limit: 1 } })) as CallToolResult;
    expect(found.isError).toBeUndefined();
    expect(firstText(found), firstText(found).slice(0, 600)).toContain('wide__wide_5');
    const args = { record: 'r5' };
    const called = (await agent.client.callTool({ name: 'call_read_tool', arguments: { name: 'wide__wide_5', arguments: args } })) as CallToolResult;
    expect(firstText(called)).toBe(`read ${JSON.stringify(args)}`);
    const echoed = (await agent.client.callTool({ name: 'everything__echo', arguments: { message: 'still listed' } })) as CallToolResult;
    expect(firstText(echoed)).toContain('still listed');
  }, 60_000);

  it('searches only the big server: a listed server\u2019s tools are not found again', async () => {
    const answer = JSON.parse(firstText(await agent.client.callTool({ name: 'search_tools', arguments: { query: 'echo back a message' } }))) as { tools: Array<{ server: string }> };
    expect(answer.tools.map((t) => t.server).filter((s) => s !== 'wide')).toEqual([]);
    const listed = JSON.parse(firstText(await agent.client.callTool({ name: 'search_tools', arguments: { query: 'echo back a message', server: 'everything' } }))) as { tools: unknown[]; services: string[] };
    expect(listed).toMatchObject({ tools: [], services: ['wide'] });
  });

  it('says the switch once in the log, and for agents config and list', async () => {
    await agent.client.listTools();
    const said = lines.filter((l) => l.includes('"all-mixed"') && l.includes('search_tools'));
    expect(said).toEqual([`agent "all-mixed" (tool mode all): server "wide"'s tools pass 4 MiB, so it finds those through search_tools and the call tools; its other servers' tools stay listed`]);
    expect(await h.bridge.listingBound('all-mixed')).toMatchObject({ searched: [{ server: 'wide' }], every: false });
  });
});
