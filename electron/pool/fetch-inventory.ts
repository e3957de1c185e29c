import type { Client, RequestOptions } from '@modelcontextprotocol/client';
import { clientSdkIfLoaded } from './client-sdk';
import { PromptInfoSchema, ResourceInfoSchema, ResourceTemplateInfoSchema, ToolInfoSchema } from '../../shared/api';
import type { Inventory } from './inventory';
import { toolApp } from '../mcp-apps';
import { isProtocolError, RPC_ERROR } from './rpc-codes';
import { ListingMeter, type ListedKind } from './listing-bound';
import { redactor } from '../../shared/redact';

/** A server that keeps handing out cursors is cut off here rather than listed forever. */
const MAX_PAGES = 100;

type Page<T> = { items: T[]; nextCursor?: string | undefined };

/** Our own walk: stops at a cursor seen before, or after MAX_PAGES; each page is counted as it comes. */
async function walkPages<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>, count: (items: T[]) => void): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await fetchPage(cursor);
    count(result.items);
    items.push(...result.items);
    cursor = result.nextCursor;
    if (cursor === undefined || seen.has(cursor)) break;
    seen.add(cursor);
  }
  return items;
}

/**
 * Every page: the SDK's own walk first (it keeps the tool list its calls read: output schemas, the
 * 2026-07-28 header mirroring), ours where the SDK gives up on a server whose cursors never end.
 * Counted by `meter` (listing-bound.ts): the SDK's walk once whole, ours page by page.
 */
async function allPages<T>(meter: ListingMeter, kind: ListedKind, whole: () => Promise<T[]>, fetchPage: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  let items: T[];
  try {
    items = await whole();
  } catch (error) {
    if (clientSdkIfLoaded()?.SdkError.isInstance(error) && (error as { code?: unknown }).code === 'LIST_PAGINATION_EXCEEDED') return walkPages(fetchPage, (page) => meter.add(kind, page));
    throw error;
  }
  meter.add(kind, items);
  return items;
}

/** A capability the server advertised but whose list method it lacks counts as empty. */
async function orEmpty<T>(list: () => Promise<T[]>): Promise<T[]> {
  try {
    return await list();
  } catch (error) {
    if (isProtocolError(error) && error.code === RPC_ERROR.MethodNotFound) return [];
    throw error;
  }
}

/** One page, never the SDK's walk (which a request without a cursor starts). */
function page<M extends 'tools/list' | 'resources/list' | 'resources/templates/list' | 'prompts/list'>(client: Client, method: M, cursor: string | undefined, options: RequestOptions) {
  return client.request({ method, params: cursor === undefined ? {} : { cursor } }, options);
}

export type InventoryPart = 'tools' | 'resources' | 'prompts';

/**
 * Lists what the server's capabilities say it has (all pages); a missing capability is an empty list.
 * Bounded in bytes and items (listing-bound.ts), and without the values we hold (vault secrets,
 * tokens) in any string, before anything keeps it: its cache, its pins, tool search, the listings
 * agents are given in both eras.
 */
export async function fetchInventory(
  server: string,
  client: Client,
  options: RequestOptions,
  previous: Inventory,
  parts: readonly InventoryPart[] = ['tools', 'resources', 'prompts'],
): Promise<Inventory> {
  const caps = client.getServerCapabilities() ?? {};
  const out: Inventory = { ...previous };
  const refetched = (kind: ListedKind): boolean => parts.includes(kind === 'templates' ? 'resources' : kind);
  const meter = new ListingMeter(server, (['tools', 'resources', 'templates', 'prompts'] as const).filter((kind) => !refetched(kind)).map((kind) => previous[kind]));
  // A listing is fetched because something changed (or at start): never from the SDK's cache.
  const fresh = { ...options, cacheMode: 'refresh' as const };
  if (parts.includes('tools')) {
    out.tools = !caps.tools
      ? []
      : await orEmpty(() =>
          allPages(
            meter,
            'tools',
            async () => (await client.listTools(undefined, fresh)).tools,
            async (cursor) => {
              const r = await page(client, 'tools/list', cursor, options);
              return { items: r.tools, nextCursor: r.nextCursor };
            },
          ),
        ).then((tools) =>
          tools.map((t) =>
            ToolInfoSchema.parse({
              server,
              name: t.name,
              title: t.title ?? t.annotations?.title,
              description: t.description,
              inputSchema: t.inputSchema,
              outputSchema: t.outputSchema,
              annotations: t.annotations,
              app: toolApp(t._meta),
            }),
          ),
        );
  }
  if (parts.includes('resources')) {
    out.resources = !caps.resources
      ? []
      : (
          await orEmpty(() =>
            allPages(
              meter,
              'resources',
              async () => (await client.listResources(undefined, fresh)).resources,
              async (cursor) => {
                const r = await page(client, 'resources/list', cursor, options);
                return { items: r.resources, nextCursor: r.nextCursor };
              },
            ),
          )
        ).map((r) =>
          ResourceInfoSchema.parse({ server, uri: r.uri, name: r.name, description: r.description, mimeType: r.mimeType }),
        );
    out.templates = !caps.resources
      ? []
      : (
          await orEmpty(() =>
            allPages(
              meter,
              'templates',
              async () => (await client.listResourceTemplates(undefined, fresh)).resourceTemplates,
              async (cursor) => {
                const r = await page(client, 'resources/templates/list', cursor, options);
                return { items: r.resourceTemplates, nextCursor: r.nextCursor };
              },
            ),
          )
        ).map((t) =>
          ResourceTemplateInfoSchema.parse({
            server,
            uriTemplate: t.uriTemplate,
            name: t.name,
            description: t.description,
            mimeType: t.mimeType,
          }),
        );
  }
  if (parts.includes('prompts')) {
    out.prompts = !caps.prompts
      ? []
      : (
          await orEmpty(() =>
            allPages(
              meter,
              'prompts',
              async () => (await client.listPrompts(undefined, fresh)).prompts,
              async (cursor) => {
                const r = await page(client, 'prompts/list', cursor, options);
                return { items: r.prompts, nextCursor: r.nextCursor };
              },
            ),
          )
        ).map((p) => PromptInfoSchema.parse({ server, name: p.name, description: p.description, arguments: p.arguments }));
  }
  // The parts kept from before too: a cache written before a value was known to be secret.
  return redactor.removeKnown(out);
}
