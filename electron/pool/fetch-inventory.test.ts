import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, Server } from '@modelcontextprotocol/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { redactor } from '../../shared/redact';
import { MAX_TITLE } from '../../shared/text';
import { loadClientSdk } from './client-sdk';
import { fetchInventory } from './fetch-inventory';
import { EMPTY_INVENTORY } from './inventory';
import { isTooDeepListing, MAX_LISTING_DEPTH, MAX_LISTING_FLOOD_DEPTH } from './listing-depth';
import { nestsDeeperThan } from '../../shared/collections';
import { isListingTooLarge, MAX_LISTED_ITEMS, MAX_LISTING_BYTES, MAX_LISTING_PAGES } from './listing-bound';

async function connected(server: Server): Promise<Client> {
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 't', version: '1' });
  await client.connect(a);
  return client;
}

const outputSchema = { type: 'object' as const, properties: { n: { type: 'number' } }, required: ['n'] };
const typed = { name: 'typed', inputSchema: { type: 'object' as const }, outputSchema };

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

  /** An object schema `pairs` properties deep. */
  function deepSchema(pairs: number): { type: 'object' } {
    let schema: Record<string, unknown> = { type: 'object' };
    for (let i = 0; i < pairs; i++) schema = { type: 'object', properties: { a: schema } };
    return schema as { type: 'object' };
  }

  /** Lists `deep` (its input schema `pairs` properties deep) beside `plain` in the 2026-07-28 era, whose codec checks a page whole. */
  async function listDeepIn2026(pairs: number): Promise<{ names: string[]; logged: string[] }> {
    const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
    const tools = [{ name: 'deep', inputSchema: deepSchema(pairs) }, { name: 'plain', inputSchema: { type: 'object' as const } }];
    server.setRequestHandler('tools/list', () => ({ tools }));
    const client = await connected(server);
    // No result schema of ours looks at the page's items in that era.
    client.getNegotiatedProtocolVersion = () => '2026-07-28';
    const logged: string[] = [];
    const inventory = await fetchInventory('srv', client, { timeout: 5000 }, EMPTY_INVENTORY, ['tools'], (line) => logged.push(line));
    await client.close();
    return { names: inventory.tools.map((t) => t.name), logged };
  }
  const deepLeftOut = `[srv] lists tools the MCP schema refuses, left out: "deep" (its schema nests deeper than ${MAX_LISTING_DEPTH} levels)`;

  it('leaves out a tool nested past the listing bound when the era checks its pages whole, and logs it', async () => {
    expect(await listDeepIn2026(MAX_LISTING_DEPTH)).toEqual({ names: ['plain'], logged: [deepLeftOut] });
  });

  it('keeps the other tools and leaves out one as deep as the whole-listing bound lets through, in the era that checks pages whole', async () => {
    // A 2026-07-28 page of some 1,200 JSON levels passed the SDK's recursive check and 1,400 ran it
    // out of stack: the bound keeps twice its depth below the one that passed.
    expect(2 * MAX_LISTING_FLOOD_DEPTH).toBeLessThanOrEqual(1200);
    // The tools array, its tool and the input schema's outer object, then two levels a property.
    const pairs = (MAX_LISTING_FLOOD_DEPTH - 4) / 2;
    const tools = [{ name: 'deep', inputSchema: deepSchema(pairs) }];
    expect(nestsDeeperThan(tools, MAX_LISTING_FLOOD_DEPTH - 2)).toBe(true);
    expect(isTooDeepListing({ result: { tools } })).toBe(false);
    expect(await listDeepIn2026(pairs)).toEqual({ names: ['plain'], logged: [deepLeftOut] });
  });

  it("cuts a tool's title and annotations title to MAX_TITLE code points", async () => {
    const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
    const huge = 'T'.repeat(300_000);
    server.setRequestHandler('tools/list', () => ({
      tools: [
        { name: 'titled', title: huge, inputSchema: { type: 'object' as const }, annotations: { title: huge, readOnlyHint: true } },
        { name: 'annotated', inputSchema: { type: 'object' as const }, annotations: { title: huge } },
      ],
    }));
    const client = await connected(server);
    const inventory = await fetchInventory('srv', client, { timeout: 5000 }, EMPTY_INVENTORY);
    const cut = `${'T'.repeat(MAX_TITLE - 1)}…`;
    expect(inventory.tools[0]).toMatchObject({ title: cut, annotations: { title: cut, readOnlyHint: true } });
    expect(inventory.tools[1]).toMatchObject({ title: cut, annotations: { title: cut } });
    await client.close();
  });

  it('refreshes only the parts asked for', async () => {
    const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {}, resources: {} } });
    server.setRequestHandler('tools/list', () => ({ tools: [{ name: 'fresh', inputSchema: { type: 'object' as const } }] }));
    const client = await connected(server);
    const previous = { ...EMPTY_INVENTORY, prompts: [{ server: 'srv', name: 'kept' }] };
    const inventory = await fetchInventory('srv', client, { timeout: 5000 }, previous, ['tools']);
    expect(inventory.tools.map((t) => t.name)).toEqual(['fresh']);
    expect(inventory.prompts).toEqual(previous.prompts);
    await client.close();
  });

  it("writes the SDK Client's tools cache, so callTool checks a result against the tool's output schema", async () => {
    const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', (request) =>
      request.params?.cursor === undefined
        ? { tools: [{ name: 'a', inputSchema: { type: 'object' as const } }], nextCursor: 'p2' }
        : { tools: [typed] },
    );
    server.setRequestHandler('tools/call', () => ({ content: [], structuredContent: { n: 'not a number' } }));
    const client = await connected(server);
    await fetchInventory('srv', client, { timeout: 5000 }, EMPTY_INVENTORY, ['tools']);
    await expect(client.callTool({ name: 'typed', arguments: {} })).rejects.toThrow(/does not match the tool's output schema/);
    await client.close();
  });
});

/** A server whose tools/list hands out `pages` pages of `perPage` tools, each described by `description`. */
function paging(pages: number, perPage: number, description: string): { server: Server; served: () => number } {
  const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
  let served = 0;
  server.setRequestHandler('tools/list', (request) => {
    served++;
    const n = Number(request.params?.cursor ?? 0);
    const tools = Array.from({ length: perPage }, (_, i) => ({ name: `t${n}_${i}`, description, inputSchema: { type: 'object' as const } }));
    return { tools, ...(n + 1 < pages ? { nextCursor: String(n + 1) } : {}) };
  });
  return { server, served: () => served };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the listing was kept');
}

describe('a listing past its bound', () => {
  beforeAll(async () => {
    await loadClientSdk();
  });

  it('fails naming the server and the bound, past the items of one kind', async () => {
    const { server } = paging(3, 2000, 'd');
    const client = await connected(server);
    const error = await failure(fetchInventory('many', client, { timeout: 20_000 }, EMPTY_INVENTORY));
    expect(isListingTooLarge(error)).toBe(true);
    expect((error as Error).message).toContain('"many" lists more than 5,000 tools');
    expect((error as Error).message).toContain(MAX_LISTED_ITEMS.toLocaleString('en-US'));
    await client.close();
  });

  it('fails past the bytes at the page that passes them, though its pages end (the SDK would take all 20)', async () => {
    // ~2 MiB a page, 40 MiB in all: asked for no page after the one that passes 16 MiB.
    const description = 'x'.repeat(20 * 1024);
    const { server, served } = paging(20, 100, description);
    const client = await connected(server);
    const error = await failure(fetchInventory('huge', client, { timeout: 60_000 }, EMPTY_INVENTORY));
    expect(isListingTooLarge(error)).toBe(true);
    expect((error as Error).message).toContain(`"huge" lists more than ${MAX_LISTING_BYTES / (1024 * 1024)} MiB`);
    const pageBytes = Buffer.byteLength(JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ name: `t0_${i}`, description, inputSchema: { type: 'object' } }))));
    expect(served()).toBe(Math.floor(MAX_LISTING_BYTES / pageBytes) + 1);
    await client.close();
  }, 120_000);

  it('fails at a cursor handed out before (a loop), without asking again', async () => {
    const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
    let served = 0;
    server.setRequestHandler('tools/list', () => {
      served++;
      return { tools: [{ name: `t${served}`, inputSchema: { type: 'object' as const } }], nextCursor: 'same' };
    });
    const client = await connected(server);
    const error = await failure(fetchInventory('loop', client, { timeout: 5000 }, EMPTY_INVENTORY));
    expect(isListingTooLarge(error)).toBe(true);
    expect((error as Error).message).toBe('"loop" hands out a cursor of its tools it handed out before: its pages loop; its listing was not kept and the server was stopped');
    expect(served).toBe(2);
    await client.close();
  });

  it('fails past the pages of one kind (pages of nothing, cursors that never end)', async () => {
    const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
    let served = 0;
    server.setRequestHandler('tools/list', () => ({ tools: [], nextCursor: String(++served) }));
    const client = await connected(server);
    const error = await failure(fetchInventory('empty', client, { timeout: 5000 }, EMPTY_INVENTORY));
    expect(isListingTooLarge(error)).toBe(true);
    expect((error as Error).message).toContain(`"empty" lists more than ${MAX_LISTING_PAGES} pages of tools, past the bound of ${MAX_LISTING_PAGES} pages of one kind per server`);
    expect(served).toBe(MAX_LISTING_PAGES);
    await client.close();
  }, 60_000);

  it('keeps a listing within the bounds', async () => {
    const { server } = paging(2, 100, 'ordinary');
    const client = await connected(server);
    const inventory = await fetchInventory('fine', client, { timeout: 20_000 }, EMPTY_INVENTORY);
    expect(inventory.tools).toHaveLength(200);
    await client.close();
  });
});

describe('a listing that carries a value we hold', () => {
  it('is kept without it, in every part and in kept parts from before', async () => {
    const secret = 'listing-vault-value-7Q';
    redactor.addSecret(secret, { from: 'vault', name: 'EVIL_PW' });
    try {
      const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {}, resources: {}, prompts: {} } });
      server.setRequestHandler('tools/list', () => ({
        tools: [{ name: 'listed', description: `carries ${secret}`, inputSchema: { type: 'object' as const, properties: { q: { type: 'string', description: `schema ${secret.toUpperCase()}` } } } }],
      }));
      server.setRequestHandler('resources/list', () => ({ resources: [{ uri: 'evil://r', name: 'r', description: `resource ${secret}` }] }));
      server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: [{ uriTemplate: 'evil://{x}', name: 't', description: JSON.stringify({ password: secret }) }] }));
      server.setRequestHandler('prompts/list', () => ({ prompts: [{ name: 'p', description: `prompt ${encodeURIComponent(secret)}` }] }));
      const client = await connected(server);
      const inventory = await fetchInventory('evil', client, { timeout: 5000 }, EMPTY_INVENTORY);
      const text = JSON.stringify(inventory);
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
      expect(inventory.tools[0]?.description).toBe('carries [redacted]');
      expect(inventory.prompts[0]?.description).toBe('prompt [redacted]');
      // A refresh of tools only cleans the prompts it keeps from an older listing as well.
      const older = { ...EMPTY_INVENTORY, prompts: [{ server: 'evil', name: 'old', description: `old ${secret}` }] };
      const refreshed = await fetchInventory('evil', client, { timeout: 5000 }, older, ['tools']);
      expect(refreshed.prompts[0]?.description).toBe('old [redacted]');
      await client.close();
    } finally {
      redactor.removeSecret(secret);
    }
  });
});
