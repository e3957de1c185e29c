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
  /** How many versions the registry marked latest at once (more than one): the highest is the one shown (see latestLastListed). */
  latestMarked: z.number().int().optional(),
  /** The sync stopped counting at its bound: `latestMarked` is a floor ("100 or more"; shared/catalog latestMarkedCount). */
  latestMarkedAtLeast: z.literal(true).optional(),
  /** None of the versions marked latest is a semantic version: the last listed is the one shown. */
  latestLastListed: z.literal(true).optional(),
  packages: z.array(z.object({ registryType: z.string(), identifier: z.string() })),
  remotes: z.array(z.enum(['streamable-http', 'sse'])),
  /** Scripts mixed within a word of its id or title (`Gіthub`, a Cyrillic і: UTS #39 §5.1). */
  mixedScripts: z.array(z.string()).optional(),
  /** Other entries' ids whose title reads as this one's (UTS #39 §4 skeletons), at most 3. */
  readsAs: z.array(z.string()).optional(),
  /** Other entries' ids with the very same title (case and spacing aside), at most 3: other publishers, no imitation. */
  sameTitleAs: z.array(z.string()).optional(),
  }),
);
export type RegistryRow = z.infer<typeof RegistryRowSchema>;

/** What the catalog knows of one registry: its snapshot, a sync in progress, the last failure. */
export const RegistryStateSchema = lazySchema(() =>
  z.object({
  base: z.string(),
  /** A short name distinct among the registries configured: the host, with the path when two share it (shared/catalog registryLabels). */
  label: z.string().optional(),
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

/** Which package (by its place in `packages`) or remote (in `remotes`) of an entry to install. */
export const InstallChoiceSchema = lazySchema(() =>
  z.union([z.strictObject({ package: z.number().int().min(0).max(63) }), z.strictObject({ remote: z.number().int().min(0).max(63) })]),
);
export type InstallChoiceView = z.infer<typeof InstallChoiceSchema>;

/** One value the person gives when installing (server.json `Input`): its key is what `--input KEY=VALUE` uses. */
export const InstallInputSchema = lazySchema(() =>
  z.object({
  key: z.string(),
  description: z.string().optional(),
  isRequired: z.boolean(),
  isSecret: z.boolean(),
  default: z.string().optional(),
  choices: z.array(z.string()).optional(),
  format: z.string().optional(),
  }),
);
export type InstallInput = z.infer<typeof InstallInputSchema>;

/** The ways an entry can be installed: each package and remote, with its inputs, or why it cannot be. */
export const RegistryInstallOptionsSchema = lazySchema(() =>
  z.object({
  name: z.string(),
  version: z.string(),
  options: z.array(
    z.object({
      choice: InstallChoiceSchema,
      /** `npm @scope/pkg 1.2.3`, `remote https://…` */
      label: z.string(),
      /** What installRegistryEntry's `digest` takes back: the chosen package or remote as listed now. */
      digest: z.string(),
      inputs: z.array(InstallInputSchema),
      /** Why this one cannot be installed here (an unsupported kind, no exact version). */
      problem: z.string().optional(),
      /** A remote's address as the entry lists it. */
      url: z.string().optional(),
    }),
  ),
  }),
);
export type RegistryInstallOptions = z.infer<typeof RegistryInstallOptionsSchema>;
