import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, Server } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { toolListingWalk } from '.';

/**
 * The contract with the SDK v2 Client's tools/list cache (tool-listing.ts): a listing kept through
 * the seam is the one callTool reads a tool's output schema from, as after the Client's own walk,
 * and a list_changed during the walk keeps it from being written, as the Client's own walk does.
 */
const outputSchema = { type: 'object' as const, properties: { n: { type: 'number' } }, required: ['n'] };
const typed = { name: 'typed', inputSchema: { type: 'object' as const }, outputSchema };

async function connected(): Promise<{ client: Client; server: Server }> {
  const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: { listChanged: true } } });
  server.setRequestHandler('tools/list', () => ({ tools: [typed] }));
  server.setRequestHandler('tools/call', () => ({ content: [], structuredContent: { n: 'not a number' } }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 'c', version: '1' });
  await client.connect(a);
  return { client, server };
}

describe("the SDK v2 Client's tools/list cache, written by a walk of ours", () => {
  it('is what callTool checks a result against, and the listing is kept as it was (a 2025-11-25 connection)', async () => {
    const { client } = await connected();
    // Before any listing the SDK has no schema to check against.
    expect(await client.callTool({ name: 'typed', arguments: {} })).toMatchObject({ structuredContent: { n: 'not a number' } });
    const keep = toolListingWalk(client);
    expect(keep).toBeTypeOf('function');
    const listing = { tools: [typed], ttlMs: 0 };
    await keep?.(listing);
    expect(listing.tools).toEqual([typed]);
    await expect(client.callTool({ name: 'typed', arguments: {} })).rejects.toThrow(/does not match the tool's output schema/);
    await client.close();
  });

  it('is not written when a list_changed came in during the walk', async () => {
    const { client, server } = await connected();
    const keep = toolListingWalk(client);
    await server.sendToolListChanged();
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    await keep?.({ tools: [typed] });
    expect(await client.callTool({ name: 'typed', arguments: {} })).toMatchObject({ structuredContent: { n: 'not a number' } });
    await client.close();
  });
});
