import type { Client, RequestOptions } from '@modelcontextprotocol/client';
import { PromptInfoSchema, ResourceInfoSchema, ResourceTemplateInfoSchema, ToolInfoSchema } from '../../shared/api';
import type { Inventory } from './inventory';
import { toolApp } from '../mcp-apps';
import { toolListingWalk } from '../mcp-wire';
import { isProtocolError, RPC_ERROR } from './rpc-codes';
import { ListingMeter, type ListedKind } from './listing-bound';
import { redactor } from '../../shared/redact';
import { withTitlesCut } from './tool-titles';
import { firstOfEachName } from './duplicate-names';
import { withPlainParameterNames } from './hidden-parameter-names';
import { loadClientSdk } from './client-sdk';
import { itemByItemPage, refusedForDepth, refusedLine, type ListMethod, type RefusedItem } from './listing-items';
import { uncompilableOutputLine } from './uncompilable-outputs';

type Page<T> = Record<string, unknown> & { nextCursor?: string | undefined } & T;

/**
 * Every page of one list, walked by us, never by the SDK's `list*()` without a cursor: that walk
 * holds every page (up to 64, each up to a message's bound) before anything can count them. Here
 * each page is counted by `meter` as it comes in (listing-bound.ts), so a listing past a bound ends
 * at the page that passes it; one page is already bounded in bytes before it is parsed
 * (`maxMessageBytes`: stdio-transport.ts, message-bound.ts). The first page's own fields are kept
 * with all the items (its `ttlMs`, `cacheScope`), as the SDK's walk keeps them.
 */
async function walkPages<K extends string, T>(
  server: string,
  client: Client,
  method: ListMethod,
  key: K,
  kind: ListedKind,
  meter: ListingMeter,
  options: RequestOptions,
  log: (line: string) => void,
): Promise<Page<Record<K, T[]>>> {
  const refused: RefusedItem[] = [];
  // A 2026-07-28 page is checked whole, against that era's types, before any result schema of ours could look at an item.
  const pageSchema = client.getNegotiatedProtocolVersion() === '2026-07-28' ? undefined : itemByItemPage((await loadClientSdk()).specTypeSchemas, method, key, refused);
  let first: Page<Record<K, T[]>> | undefined;
  const items: T[] = [];
  let cursor: string | undefined;
  let seen = 0;
  do {
    // One page: a request with no cursor is page 1, never the SDK's walk (which only `list*()` starts).
    // Checked against the MCP schema's types for `method` (item by item, listing-items.ts), its list under `key`.
    const request = { method, params: cursor === undefined ? {} : { cursor } };
    const page = (pageSchema ? await client.request(request, pageSchema, options) : await client.request(request, options)) as Page<Record<K, T[]>>;
    meter.page(kind, page[key], page.nextCursor);
    first ??= page;
    // Past the era's own whole-page check, an item nested too deep is left out here, as itemByItemPage leaves it out.
    items.push(...(pageSchema ? page[key] : page[key].filter((item, index) => !refusedForDepth(method, item, `${key}[${seen + index}]`, refused))));
    seen += page[key].length;
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  const line = refusedLine(server, method, refused);
  if (line !== undefined) log(line);
  const whole: Page<Record<K, T[]>> = { ...first, [key]: items };
  delete whole.nextCursor;
  return whole;
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

type ListedTool = Awaited<ReturnType<Client['listTools']>>['tools'][number];

/** `execution.taskSupport: "required"` (MCP 2025-11-25 server/tools §Tool): callable only as a task. */
function requiresTasks(tool: ListedTool): boolean {
  const execution: unknown = (tool as { execution?: unknown }).execution;
  return typeof execution === 'object' && execution !== null && (execution as { taskSupport?: unknown }).taskSupport === 'required';
}

/**
 * The tools, and the SDK Client's cache of them written as its own walk writes it (mcp-wire
 * tool-listing.ts): its callTool reads a tool's output schema and `x-mcp-header`s from there.
 */
async function listTools(server: string, client: Client, meter: ListingMeter, options: RequestOptions, log: (line: string) => void): Promise<ListedTool[]> {
  const keep = toolListingWalk(client);
  const listing = await walkPages<'tools', ListedTool>(server, client, 'tools/list', 'tools', 'tools', meter, options, log);
  const uncompilable = await uncompilableOutputLine(server, listing.tools);
  if (uncompilable !== undefined) log(uncompilable);
  if (keep) {
    await keep(listing);
    return listing.tools;
  }
  // This SDK's Client lacks what keeping it needs: its own walk writes its cache, once ours found the listing within its bounds.
  const tools = (await client.listTools(undefined, { ...options, cacheMode: 'refresh' })).tools;
  new ListingMeter(server).add('tools', tools);
  return tools;
}

export type InventoryPart = 'tools' | 'resources' | 'prompts';

/**
 * Lists what the server's capabilities say it has (all pages); a missing capability is an empty list.
 * Bounded in bytes, items and pages, page by page (listing-bound.ts), and without the values we hold
 * (vault secrets, tokens) in any string, before anything keeps it: its cache, its pins, tool search,
 * the listings agents are given in both eras.
 */
export async function fetchInventory(
  server: string,
  client: Client,
  options: RequestOptions,
  previous: Inventory,
  parts: readonly InventoryPart[] = ['tools', 'resources', 'prompts'],
  log: (line: string) => void = () => undefined,
): Promise<Inventory> {
  const caps = client.getServerCapabilities() ?? {};
  const out: Inventory = { ...previous };
  const refetched = (kind: ListedKind): boolean => parts.includes(kind === 'templates' ? 'resources' : kind);
  const meter = new ListingMeter(server, (['tools', 'resources', 'templates', 'prompts'] as const).filter((kind) => !refetched(kind)).map((kind) => previous[kind]));
  const all = <K extends string, T>(method: ListMethod, key: K, kind: ListedKind): Promise<T[]> =>
    orEmpty(async () => (await walkPages<K, T>(server, client, method, key, kind, meter, options, log))[key]);
  if (parts.includes('tools')) {
    out.tools = !caps.tools
      ? []
      : withPlainParameterNames(server, firstOfEachName(server, await orEmpty(() => listTools(server, client, meter, options, log)), log), log).map((t) =>
          withTitlesCut(ToolInfoSchema.parse({
            server,
            name: t.name,
            title: t.title ?? t.annotations?.title,
            description: t.description,
            inputSchema: t.inputSchema,
            outputSchema: t.outputSchema,
            annotations: t.annotations,
            ...(requiresTasks(t) ? { requiresTasks: true } : {}),
            app: toolApp(t._meta),
          })),
        );
  }
  if (parts.includes('resources')) {
    type Resource = Awaited<ReturnType<Client['listResources']>>['resources'][number];
    type Template = Awaited<ReturnType<Client['listResourceTemplates']>>['resourceTemplates'][number];
    out.resources = !caps.resources
      ? []
      : (await all<'resources', Resource>('resources/list', 'resources', 'resources')).map((r) =>
          ResourceInfoSchema.parse({ server, uri: r.uri, name: r.name, description: r.description, mimeType: r.mimeType }),
        );
    out.templates = !caps.resources
      ? []
      : (await all<'resourceTemplates', Template>('resources/templates/list', 'resourceTemplates', 'templates')).map((t) =>
          ResourceTemplateInfoSchema.parse({ server, uriTemplate: t.uriTemplate, name: t.name, description: t.description, mimeType: t.mimeType }),
        );
  }
  if (parts.includes('prompts')) {
    type Prompt = Awaited<ReturnType<Client['listPrompts']>>['prompts'][number];
    out.prompts = !caps.prompts
      ? []
      : (await all<'prompts', Prompt>('prompts/list', 'prompts', 'prompts')).map((p) =>
          PromptInfoSchema.parse({ server, name: p.name, description: p.description, arguments: p.arguments }),
        );
  }
  // The parts kept from before too: a cache written before a value was known to be secret.
  return redactor.removeKnown(out);
}
