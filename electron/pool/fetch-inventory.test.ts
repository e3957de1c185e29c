import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, Server } from '@modelcontextprotocol/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadClientSdk } from './client-sdk';
import { fetchInventory } from './fetch-inventory';
import { EMPTY_INVENTORY } from './inventory';

async function connected(server: Server): Promise<Client> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 't', version: '1' });
  await client.connect(a);
  return client;
}

describe('fetchInventory', () => {
  // Loaded by the first connection in the app (errors are known by its classes).
  beforeAll(async () => {
    await loadClientSdk();
  });

  it('follows cursors, and lists nothing for capabilities the server lacks', async () => {
    const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {}, resources: {} } });
    const pages: Record<string, { names: string[]; next?: string }> = {
      start: { names: ['a', 'b'], next: 'p2' },
      p2: { names: ['c'], next: 'p3' },
      p3: { names: ['d'] },
    };
    server.setRequestHandler('tools/list', (request) => {
      const page = pages[request.params?.cursor ?? 'start'] ?? { names: [] };
      return {
        tools: page.names.map((name) => ({ name, inputSchema: { type: 'object' as const }, annotations: { title: name.toUpperCase() } })),
        ...(page.next ? { nextCursor: page.next } : {}),
      };
    });
    server.setRequestHandler('resources/list', () => ({ resources: [{ uri: 'x://1', name: 'one' }] }));
    // A server that advertises resources but has no templates method: the templates list is empty.
    const client = await connected(server);
    const inventory = await fetchInventory('srv', client, { timeout: 5000 }, EMPTY_INVENTORY);
    expect(inventory.tools.map((t) => t.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(inventory.tools[0]).toEqual({ server: 'srv', name: 'a', title: 'A', inputSchema: { type: 'object' }, annotations: { title: 'A' } });
    expect(inventory.resources).toEqual([{ server: 'srv', uri: 'x://1', name: 'one' }]);
    expect(inventory.templates).toEqual([]);
    expect(inventory.prompts).toEqual([]);
    await client.close();
  });

  it('stops at a repeated cursor and refreshes only the parts asked for', async () => {
    const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {}, resources: {} } });
    let calls = 0;
    server.setRequestHandler('tools/list', () => {
      calls++;
      return { tools: [{ name: `t${calls}`, inputSchema: { type: 'object' as const } }], nextCursor: 'same' };
    });
    server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [] }));
    const client = await connected(server);
    const previous = { ...EMPTY_INVENTORY, prompts: [{ server: 'srv', name: 'kept' }] };
    const inventory = await fetchInventory('srv', client, { timeout: 5000 }, previous, ['tools']);
    // The SDK's walk gives up after 64 pages of the same cursor; ours then takes one more page and stops.
    expect(inventory.tools.map((t) => t.name)).toEqual([`t${calls - 1}`, `t${calls}`]);
    expect(inventory.prompts).toEqual(previous.prompts);
    await client.close();
  });
});
