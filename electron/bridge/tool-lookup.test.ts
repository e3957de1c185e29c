import { describe, expect, it } from 'vitest';
import type { ServerStatus, ToolInfo } from '../../shared/api';
import type { Pool } from '../pool';
import type { Agent } from './agent-schema';
import type { CallContext } from './call-context';
import { ToolIndex } from './tool-index';
import { lookupTool } from './tool-lookup';

const AGENT = { name: 'claude', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, createdAt: 0 } as unknown as Agent;
const ECHO: ToolInfo = { server: 'everything', name: 'echo', inputSchema: { type: 'object' } };

/** A pool whose first listing is answered only when the test says, as a server still starting. */
function startingPool() {
  const status = { name: 'everything', enabled: true, state: 'starting', history: [] } as unknown as ServerStatus & { inventoryUpdatedAt?: number };
  let listed: ToolInfo[] = [];
  const waiting: Array<(tools: ToolInfo[]) => void> = [];
  const pool = {
    statuses: () => [status],
    tools: () => new Promise<ToolInfo[]>((resolve) => waiting.push(resolve)),
    listTools: () => Promise.resolve(listed),
  } as unknown as Pool;
  return {
    pool,
    /** The server stored its inventory (as the pool does, before it says so). */
    lists: () => {
      listed = [ECHO];
      status.inventoryUpdatedAt = 1;
      status.state = 'ready';
    },
    /** Answers the listings asked so far, each with what was there when it was asked. */
    answer: (tools: ToolInfo[]) => {
      for (const resolve of waiting.splice(0)) resolve(tools);
    },
    waiting: () => waiting.length,
  };
}

/** A pool whose server has listed, but whose listing reached the index only after the index was built. */
function listedLaterPool() {
  const status = { name: 'everything', enabled: true, state: 'ready', history: [], inventoryUpdatedAt: 1 } as unknown as ServerStatus;
  let shown: ToolInfo[] = [];
  let asked = 0;
  const pool = {
    statuses: () => [status],
    tools: () => {
      asked++;
      return Promise.resolve(shown);
    },
    listTools: () => Promise.resolve(shown),
  } as unknown as Pool;
  return { pool, show: (tools: ToolInfo[]) => (shown = tools), asked: () => asked };
}

describe('looking up a tool while its server lists', () => {
  it('builds the index again when its server now lists more than the index holds (held for review while it was built)', async () => {
    const fake = listedLaterPool();
    const toolIndex = new ToolIndex(fake.pool);
    const ctx = { toolIndex, pool: fake.pool } as unknown as CallContext;
    expect((await toolIndex.tools()).size).toBe(0);
    fake.show([ECHO]);
    expect(await lookupTool(ctx, AGENT, 'everything__echo')).toMatchObject({ entry: { server: 'everything', info: { name: 'echo' } } });
    // A name it does not list costs that server's listing, and no rebuild.
    const before = fake.asked();
    expect(await lookupTool(ctx, AGENT, 'everything__nothing')).toBeUndefined();
    expect(fake.asked()).toBe(before + 1);
  });

  it('builds the index again when an inventory landed during the build it waited for, instead of answering "unknown tool"', async () => {
    const fake = startingPool();
    const toolIndex = new ToolIndex(fake.pool);
    const ctx = { toolIndex, pool: fake.pool } as unknown as CallContext;
    // A session asked for the listing as it started; the agent's first call waits on the same build.
    void toolIndex.tools();
    const lookup = lookupTool(ctx, AGENT, 'everything__echo');
    await Promise.resolve();
    // The server lists its tools: the bridge invalidates the index on the inventory event.
    fake.lists();
    toolIndex.invalidate();
    fake.answer([]);
    // The call's lookup asks again, and this time the listing has the tool.
    await new Promise((resolve) => setImmediate(resolve));
    expect(fake.waiting()).toBe(1);
    fake.answer([ECHO]);
    expect(await lookup).toMatchObject({ entry: { server: 'everything', info: { name: 'echo' } } });
  });

  it('asks only once when nothing changed while it waited', async () => {
    const fake = startingPool();
    fake.lists();
    const toolIndex = new ToolIndex(fake.pool);
    const lookup = lookupTool({ toolIndex, pool: fake.pool } as unknown as CallContext, AGENT, 'everything__nothing');
    await Promise.resolve();
    fake.answer([ECHO]);
    // Not in the index: the server's own listing is asked, once; it holds what the index holds, so no rebuild.
    await new Promise((resolve) => setImmediate(resolve));
    expect(fake.waiting()).toBe(1);
    fake.answer([ECHO]);
    expect(await lookup).toBeUndefined();
    expect(fake.waiting()).toBe(0);
  });
});
