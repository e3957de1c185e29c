import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** One registry entry as the catalog shows it: checked text only, the latest version of a server. */
export const RegistryRowSchema = lazySchema(() =>
  z.object({
  /** The registry's base URL. */
  registry: z.string(),
  /** The registry's id of the server (`io.github.owner/name`), unique within its registry. */
  name: z.string(),
  title: z.string().optional(),
  description: z.string(),
  version: z.string(),
  status: z.enum(['active', 'deprecated']),
  /** The registry's word on a deprecation (a replacement, a reason). */
  statusMessage: z.string().optional(),
  packages: z.array(z.object({ registryType: z.string(), identifier: z.string() })),
  remotes: z.array(z.enum(['streamable-http', 'sse'])),
  }),
);
export type RegistryRow = z.infer<typeof RegistryRowSchema>;

/** What the catalog knows of one registry: its snapshot, a sync in progress, the last failure. */
export const RegistryStateSchema = lazySchema(() =>
  z.object({
  base: z.string(),
  entries: z.number().int(),
  fullSyncAt: z.number().optional(),
  syncedAt: z.number().optional(),
  /** Entries refused since the last full sync: failing the schema, or carrying hostile text. */
  skipped: z.object({ invalid: z.number().int(), hostile: z.number().int() }),
  syncing: z.object({ kind: z.enum(['full', 'incremental']), pages: z.number().int(), received: z.number().int() }).optional(),
  /** The last refresh that failed; the snapshot is the one before it. */
  lastFailure: z.object({ at: z.number(), message: z.string() }).optional(),
  }),
);
export type RegistryState = z.infer<typeof RegistryStateSchema>;

export const RegistryCatalogSchema = lazySchema(() => z.object({ registries: z.array(RegistryStateSchema), entries: z.array(RegistryRowSchema) }));
export type RegistryCatalogView = z.infer<typeof RegistryCatalogSchema>;
