import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer } from '../fixtures/servers/config';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';
import { connectModernAgent, type ModernAgent } from '../support/modern-agent';

// The bridge lists everything on one page and gives no cursor: a cursor an agent sends was answered
// with the first page again, so a client that pages would loop or list twice. MCP 2025-11-25
// server/utilities/pagination: an invalid cursor SHOULD be -32602; the same in 2026-07-28.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

let h: BridgeHarness;
let legacy: AgentClient;
let modern: ModernAgent;

beforeAll(async () => {
  h = await startBridge({ everything: everythingServer() });
  await h.pool.start('everything');
  const { token } = await h.bridge.agents.add('pager', { servers: ['*'], policy: ALLOW_ALL });
  legacy = await connectAgent(h.bridge.url, token, 'pager');
  modern = await connectModernAgent(h.bridge.url, token);
}, 60_000);

afterAll(async () => {
  await legacy?.close();
  await modern?.close();
  await h?.close();
});

const codeOf = (failed: unknown): unknown => (failed as { code?: unknown }).code;

describe('a listing asked with a cursor', () => {
  it('2025-11-25: tools, resources, templates and prompts refuse a cursor with -32602, and list whole without one', async () => {
    const client = legacy.client;
    for (const list of [() => client.listTools({ cursor: 'page-2' }), () => client.listResources({ cursor: 'page-2' }), () => client.listResourceTemplates({ cursor: 'page-2' }), () => client.listPrompts({ cursor: 'page-2' })]) {
      const failed = await list().then(() => undefined, (error: unknown) => error);
      expect(codeOf(failed)).toBe(-32602);
      expect(String(failed)).toContain('lists everything on one page');
    }
    const listed = await client.listTools();
    expect(listed.tools.length).toBeGreaterThan(0);
    expect(listed.nextCursor).toBeUndefined();
  });

  it('2026-07-28: the same', async () => {
    const client = modern.client;
    for (const list of [() => client.listTools({ cursor: 'page-2' }), () => client.listResources({ cursor: 'page-2' }), () => client.listPrompts({ cursor: 'page-2' })]) {
      const failed = await list().then(() => undefined, (error: unknown) => error);
      expect(codeOf(failed)).toBe(-32602);
    }
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });
});
