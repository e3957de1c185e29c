import { z } from 'zod';
import { ownRecord, ServerNameSchema } from '../config';
import { SECRET_NAME_PATTERN } from '../vault';
import { AddServiceResultSchema } from './add-service-views';
import {
  InstallChoiceSchema,
  RegistryCatalogSchema,
  RegistryInstallOptionsSchema,
  RegistryStateSchema,
} from './registry-views';

/** The MCP registries' catalog and installing from it. */
export const REGISTRY_METHODS = {
  /** The MCP registries' entries from their snapshots (no network) and each registry's state. */
  registryCatalog: () => ({ input: z.strictObject({}), output: RegistryCatalogSchema }),
  /** Syncs every registry now (`full`: page through everything again); a failure is in the state, not thrown. */
  refreshRegistries: () => ({ input: z.strictObject({ full: z.boolean().optional() }), output: z.object({ registries: z.array(RegistryStateSchema) }) }),
  /** An entry's packages and remotes with the inputs each asks for (a form is built from them). */
  registryInstallOptions: () => ({ input: z.strictObject({ registry: z.string().min(1).max(500), name: z.string().min(1).max(200) }), output: RegistryInstallOptionsSchema }),
  /**
   * Installs a registry entry as `servers add --from-registry` does, in one transaction as `addService`
   * (the entry derived, an mcpb bundle verified, then its secrets stored for it, added, approved as
   * shown with `approve`, signed in and started unless `connect: false`). Without `approve` a command
   * waits for approval. `dryRun`: derived and checked, nothing written; says what the approval shows.
   * `version`, `label` and `digest` name what was shown: a registry that changed the entry since
   * (even at the same version, a secret input made plain or a header added) is refused.
   */
  installRegistryEntry: () => ({
    input: z.strictObject({
      registry: z.string().min(1).max(500),
      name: z.string().min(1).max(200),
      server: ServerNameSchema,
      /** The version the Install dialog showed (registryInstallOptions' `version`); another is refused. */
      version: z.string().min(1).max(200),
      choice: InstallChoiceSchema,
      /** The chosen package's or remote's label as registryInstallOptions gave it; another is refused. */
      label: z.string().min(1).max(64 * 1024),
      /** The chosen option's `digest` as registryInstallOptions gave it: its inputs, secret flags, env, headers and arguments. */
      digest: z.string().regex(/^[a-f0-9]{64}$/),
      inputs: ownRecord(z.string().min(1).max(200), z.string().max(64 * 1024)).refine((v) => Object.keys(v).length <= 256, 'too many inputs'),
      /** Secrets already in the vault chosen for secret inputs, by the input's key: the entry refers to each, and nothing new is stored for it. */
      stored: ownRecord(z.string().min(1).max(200), z.string().regex(SECRET_NAME_PATTERN)).refine((v) => Object.keys(v).length <= 256, 'too many inputs').optional(),
      approve: z.strictObject({ commandLine: z.string().max(64 * 1024) }).optional(),
      connect: z.boolean().optional(),
      flow: z.enum(['browser', 'device']).optional(),
      dryRun: z.boolean().optional(),
    }),
    output: AddServiceResultSchema.extend({
      name: ServerNameSchema,
      secrets: z.array(z.string()),
      /** A remote over plain http to another computer: why its tokens and secrets would travel in clear (the dry run's too). */
      clearTextWarning: z.string().optional(),
    }),
  }),
};
