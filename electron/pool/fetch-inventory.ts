import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { PromptInfoSchema, ResourceInfoSchema, ResourceTemplateInfoSchema, ToolInfoSchema } from '../../shared/api';
import type { Inventory } from './inventory';
import { isMcpError, RPC_ERROR } from './rpc-codes';

/** A server that keeps handing out cursors is cut off here rather than listed forever. */
const MAX_PAGES = 100;

type Page<T> = { items: T[]; nextCursor?: string | undefined };

async function allPages<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await fetchPage(cursor);
    items.push(...result.items);
    cursor = result.nextCursor;
    if (cursor === undefined || seen.has(cursor)) break;
    seen.add(cursor);
  }
  return items;
}

/** A capability the server advertised but whose list method it lacks counts as empty. */
async function orEmpty<T>(list: () => Promise<T[]>): Promise<T[]> {
  try {
    return await list();
  } catch (error) {
    if (isMcpError(error) && error.code === RPC_ERROR.MethodNotFound) return [];
    throw error;
  }
}

function params(cursor: string | undefined): { cursor: string } | undefined {
  return cursor === undefined ? undefined : { cursor };
}

export type InventoryPart = 'tools' | 'resources' | 'prompts';

/** Lists what the server's capabilities say it has (all pages); a missing capability is an empty list. */
export async function fetchInventory(
  server: string,
  client: Client,
  options: RequestOptions,
  previous: Inventory,
  parts: readonly InventoryPart[] = ['tools', 'resources', 'prompts'],
): Promise<Inventory> {
  const caps = client.getServerCapabilities() ?? {};
  const out: Inventory = { ...previous };
  if (parts.includes('tools')) {
    out.tools = !caps.tools
      ? []
      : await orEmpty(() =>
          allPages(async (cursor) => {
            const r = await client.listTools(params(cursor), options);
            return { items: r.tools, nextCursor: r.nextCursor };
          }),
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
            }),
          ),
        );
  }
  if (parts.includes('resources')) {
    out.resources = !caps.resources
      ? []
      : (
          await orEmpty(() =>
            allPages(async (cursor) => {
              const r = await client.listResources(params(cursor), options);
              return { items: r.resources, nextCursor: r.nextCursor };
            }),
          )
        ).map((r) =>
          ResourceInfoSchema.parse({ server, uri: r.uri, name: r.name, description: r.description, mimeType: r.mimeType }),
        );
    out.templates = !caps.resources
      ? []
      : (
          await orEmpty(() =>
            allPages(async (cursor) => {
              const r = await client.listResourceTemplates(params(cursor), options);
              return { items: r.resourceTemplates, nextCursor: r.nextCursor };
            }),
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
            allPages(async (cursor) => {
              const r = await client.listPrompts(params(cursor), options);
              return { items: r.prompts, nextCursor: r.nextCursor };
            }),
          )
        ).map((p) => PromptInfoSchema.parse({ server, name: p.name, description: p.description, arguments: p.arguments }));
  }
  return out;
}
