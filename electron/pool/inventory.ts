import { createHash } from 'node:crypto';
import { z } from 'zod';
import { canonicalJson, type ServerConfig } from '../../shared/config';
import {
  PromptInfoSchema,
  ResourceInfoSchema,
  ResourceTemplateInfoSchema,
  ToolInfoSchema,
  type PromptInfo,
  type ResourceInfo,
  type ResourceTemplateInfo,
  type ToolInfo,
} from '../../shared/api';

/** Everything a server offers, as last fetched. Tools are kept whole; the tool policy filters on read. */
export interface Inventory {
  tools: ToolInfo[];
  resources: ResourceInfo[];
  templates: ResourceTemplateInfo[];
  prompts: PromptInfo[];
}

export const EMPTY_INVENTORY: Inventory = { tools: [], resources: [], templates: [], prompts: [] };

/**
 * 2: tools carry their MCP App (SEP-1865). 3: tools carry `requiresTasks`, so a tool only a task can
 * run is no longer listed from a cache written without it. An older cache is fetched again.
 */
export const CACHE_VERSION = 3;

export const CachedInventorySchema = z.object({
  version: z.literal(CACHE_VERSION),
  server: z.string(),
  /** Of the config the inventory was fetched with; a different one means the cache is stale. */
  fingerprint: z.string(),
  updatedAt: z.number(),
  tools: z.array(ToolInfoSchema),
  resources: z.array(ResourceInfoSchema),
  templates: z.array(ResourceTemplateInfoSchema),
  prompts: z.array(PromptInfoSchema),
});
export type CachedInventory = z.infer<typeof CachedInventorySchema>;

/** Fields that do not change what a server offers: editing them keeps the cache fresh. */
const NOT_INVENTORY = new Set(['enabled', 'description', 'timeoutMs', 'startupTimeoutMs', 'tools', 'pinning']);

/** A hash (never the values: env and headers may hold secrets) of the config fields that shape the inventory. */
export function fingerprintOf(config: ServerConfig): string {
  const relevant = Object.fromEntries(Object.entries(config).filter(([key]) => !NOT_INVENTORY.has(key)));
  return createHash('sha256').update(canonicalJson(relevant)).digest('hex');
}
