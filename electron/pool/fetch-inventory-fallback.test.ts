import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, Server } from '@modelcontextprotocol/server';
import { expect, it, vi } from 'vitest';
import { fetchInventory } from './fetch-inventory';
import { EMPTY_INVENTORY } from './inventory';

// An SDK whose Client lacks what writing its tools cache after our walk needs (mcp-wire tool-listing.ts).
vi.mock('../mcp-wire', () => ({ toolListingWalk: () => undefined }));

it("leaves the tools cache to the SDK's own walk, after ours found the listing within its bounds", async () => {
  const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
  let served = 0;
  const outputSchema = { type: 'object' as const, properties: { n: { type: 'number' } }, required: ['n'] };
  server.setRequestHandler('tools/list', () => {
    served++;
    return { tools: [{ name: 'typed', inputSchema: { type: 'object' as const }, outputSchema }] };
  });
  server.setRequestHandler('tools/call', () => ({ content: [], structuredContent: { n: 'not a number' } }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 't', version: '1' });
  await client.connect(a);
  const inventory = await fetchInventory('srv', client, { timeout: 5000 }, EMPTY_INVENTORY, ['tools']);
  expect(inventory.tools.map((t) => t.name)).toEqual(['typed']);
  expect(served).toBe(2);
  await expect(client.callTool({ name: 'typed', arguments: {} })).rejects.toThrow(/does not match the tool's output schema/);
  await client.close();
});
