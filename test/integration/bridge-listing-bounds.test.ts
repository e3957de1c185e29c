import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { LISTED_CUT_NOTE, LISTED_DESCRIPTION_CUT_NOTE, LISTED_OUTPUT_CUT_NOTE, MAX_AGENT_LISTING_BYTES, MAX_LISTED_DESCRIPTION, MAX_LISTED_SCHEMA_BYTES } from '../../electron/bridge/listing-bounds';
import { OUTLINE_BYTES, schemaCutNote } from '../../electron/bridge/schema-outline';
import { hugeToolsServer } from '../fixtures/servers/config';
import { connectAgent, firstText, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

let h: BridgeHarness;
let c: AgentClient;
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

beforeAll(async () => {
  h = await startBridge({ huge: hugeToolsServer() });
  await h.pool.start('huge');
  h.bridge.refresh();
  const { token } = await h.bridge.agents.add('all-mode', { servers: ['*'], policy: { read: 'allow', write: 'ask', destructive: 'deny' } });
  c = await connectAgent(h.bridge.url, token, 'all-mode');
}, 60_000);

afterAll(async () => {
  await c.close();
  await h.close();
});

// A server listing a 300,000-character parameter description, to an `all`-mode agent with an unmodified SDK client.
describe('an all-mode listing bounds each input schema', () => {
  it('lists a schema past the bound as its outline, says so, and lists the others whole', async () => {
    const { tools } = await c.client.listTools();
    expect(tools).toHaveLength(20);
    const huge = tools.find((t) => t.name === 'huge__click_0');
    expect(huge?.inputSchema).toEqual({ type: 'object', description: schemaCutNote(MAX_LISTED_SCHEMA_BYTES), properties: { target: { type: 'string' }, count: { type: 'number' } } });
    expect(bytes(huge?.inputSchema)).toBeLessThanOrEqual(OUTLINE_BYTES);
    expect(huge?.description).toBe(`[huge] Clicks the evil button number 0. ${LISTED_CUT_NOTE}`);
    const whole = tools.find((t) => t.name === 'huge__click_1');
    expect(whole?.description).toBe('[huge] Clicks the evil button number 1.');
    expect((whole?.inputSchema.properties?.target as { description?: string } | undefined)?.description).toHaveLength(7_900);
  });

  it('passes a call of the cut tool to the server unchanged', async () => {
    const args = { target: 'the button', count: 2 };
    const result = (await c.client.callTool({ name: 'huge__click_0', arguments: args })) as CallToolResult;
    expect(result.isError).toBeUndefined();
    expect(firstText(result)).toBe(`clicked ${JSON.stringify(args)}`);
  });
});

// 72 tools of 60 KB schemas each: none is cut, together they pass an agent's listing bound.
describe('an all-mode listing past the whole bound', () => {
  let wideBridge: BridgeHarness;
  let agent: AgentClient;
  beforeAll(async () => {
    wideBridge = await startBridge({ wide: hugeToolsServer(72) });
    await wideBridge.pool.start('wide');
    wideBridge.bridge.refresh();
    const { token } = await wideBridge.bridge.agents.add('all-wide', { servers: ['*'], policy: { read: 'allow', write: 'ask', destructive: 'deny' } });
    agent = await connectAgent(wideBridge.bridge.url, token, 'all-wide');
  }, 90_000);
  afterAll(async () => {
    await agent?.close();
    await wideBridge?.close();
  });

  it('lists the search and call tools instead, and they answer', async () => {
    const { tools } = await agent.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['search_tools', 'call_read_tool']);
    expect(bytes(tools)).toBeLessThan(MAX_AGENT_LISTING_BYTES);
    const found = (await agent.client.callTool({ name: 'search_tools', arguments: { query: 'read the record of the shelff shelf', limit: 1 } })) as CallToolResult;
    expect(found.isError).toBeUndefined();
    expect(firstText(found), firstText(found).slice(0, 600)).toContain('wide__wide_5');
    const args = { record: 'r5' };
    const called = (await agent.client.callTool({ name: 'call_read_tool', arguments: { name: 'wide__wide_5', arguments: args } })) as CallToolResult;
    expect(firstText(called)).toBe(`read ${JSON.stringify(args)}`);
  }, 60_000);
});

// A 4,000,000-character description and a 300 KB output schema: each cut, and the SDK client still takes the tool's structured result.
describe('an all-mode listing bounds descriptions and output schemas', () => {
  let longBridge: BridgeHarness;
  let agent: AgentClient;
  beforeAll(async () => {
    longBridge = await startBridge({ long: hugeToolsServer(0, true) });
    await longBridge.pool.start('long');
    longBridge.bridge.refresh();
    const { token } = await longBridge.bridge.agents.add('all-long', { servers: ['*'], policy: { read: 'allow', write: 'ask', destructive: 'deny' } });
    agent = await connectAgent(longBridge.bridge.url, token, 'all-long');
  }, 60_000);
  afterAll(async () => {
    await agent?.close();
    await longBridge?.close();
  });

  it('cuts the description with a note and lists the output schema as its outline', async () => {
    const { tools } = await agent.client.listTools();
    expect(tools).toHaveLength(21);
    const long = tools.find((t) => t.name === 'long__long_0');
    const head = '[long] Weighs the parcel. ';
    expect(long?.description).toBe(`${head}${'L'.repeat(MAX_LISTED_DESCRIPTION - head.length - 1)}… ${LISTED_DESCRIPTION_CUT_NOTE} ${LISTED_OUTPUT_CUT_NOTE}`);
    expect(long?.outputSchema).toEqual({ type: 'object', description: schemaCutNote(MAX_LISTED_SCHEMA_BYTES), properties: { grams: { type: 'number' }, parcel: { type: 'string' } } });
    expect(bytes(tools)).toBeLessThan(1024 * 1024);
  });

  it('passes the structured result, which the client checks against the outline', async () => {
    const result = (await agent.client.callTool({ name: 'long__long_0', arguments: { parcel: 'p1' } })) as CallToolResult;
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ grams: 120, parcel: 'p1' });
  });
});
