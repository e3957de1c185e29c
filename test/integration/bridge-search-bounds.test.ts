import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MAX_FOUND_SCHEMA_BYTES, MAX_SEARCH_ANSWER_BYTES } from '../../electron/bridge/found-bounds';
import { MAX_TITLE } from '../../shared/text';
import { everythingServer, hugeToolsServer } from '../fixtures/servers/config';
import { connectAgent, firstText, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

interface Answer {
  tools: Array<{ name: string; title?: string; inputSchema: { description?: string; properties?: Record<string, unknown> } }>;
  more?: string;
}

let h: BridgeHarness;
const clients: AgentClient[] = [];
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

beforeAll(async () => {
  // Among another server's tools, so the words of a search weigh what they weigh in real use.
  h = await startBridge({ huge: hugeToolsServer(), everything: everythingServer() });
  await Promise.all([h.pool.start('huge'), h.pool.start('everything')]);
  h.bridge.refresh();
}, 60_000);

afterAll(async () => {
  for (const c of clients) await c.close();
  await h.close();
});

async function agent(name: string, listFound: boolean): Promise<AgentClient> {
  const { token } = await h.bridge.agents.add(name, { servers: ['*'], policy: { read: 'allow', write: 'ask', destructive: 'deny' }, toolMode: 'search', ...(listFound ? { listFound: true } : {}) });
  const client = await connectAgent(h.bridge.url, token, name);
  clients.push(client);
  return client;
}

async function search(c: AgentClient, args: Record<string, unknown>): Promise<{ answer: Answer; size: number }> {
  const result = (await c.client.callTool({ name: 'search_tools', arguments: args })) as CallToolResult;
  expect(result.isError).toBeUndefined();
  const text = firstText(result);
  return { answer: JSON.parse(text) as Answer, size: Buffer.byteLength(text) };
}

// A server's tools of 300,000-character titles and parameter descriptions, through the bridge, with an unmodified SDK client.
describe('search answers stay bounded whatever a server lists', () => {
  it('cuts the title, gives a huge schema as its outline, and fewer tools past one answer, saying how many more', async () => {
    const c = await agent('bounded', false);
    const { answer, size } = await search(c, { query: 'click the evil button', limit: 20 });
    expect(answer.tools.length, JSON.stringify(answer).slice(0, 500)).toBeGreaterThan(0);
    expect(size).toBeLessThan(MAX_SEARCH_ANSWER_BYTES + 1024);
    expect(answer.tools.length).toBeGreaterThan(0);
    expect(answer.tools.length).toBeLessThan(20);
    expect(answer.more).toMatch(new RegExp(`^${20 - answer.tools.length} more found`));
    for (const tool of answer.tools) expect(bytes(tool.inputSchema)).toBeLessThanOrEqual(MAX_FOUND_SCHEMA_BYTES);

    const { answer: one } = await search(c, { query: 'evil button number 0', limit: 1 });
    const [huge] = one.tools;
    expect(huge?.name).toBe('huge__click_0');
    expect(huge?.title).toBe(`${'T'.repeat(MAX_TITLE - 1)}…`);
    expect(huge?.inputSchema.description).toMatch(/^schema cut/);
    expect(huge?.inputSchema.properties).toEqual({ target: { type: 'string' }, count: { type: 'number' } });
  });

  it('a found tool a listing adds has the same bounds', async () => {
    const c = await agent('listing', true);
    await search(c, { query: 'evil button number 0', limit: 1 });
    const { tools } = await c.client.listTools();
    const huge = tools.find((t) => t.name === 'huge__click_0');
    expect(huge?.title).toBe(`${'T'.repeat(MAX_TITLE - 1)}…`);
    expect(bytes(huge?.inputSchema)).toBeLessThanOrEqual(MAX_FOUND_SCHEMA_BYTES);
    expect(huge?.inputSchema.properties).toEqual({ target: { type: 'string' }, count: { type: 'number' } });
  });
});
