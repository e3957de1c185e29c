import { z } from 'zod';
import { HttpServerSchema, ServerNameSchema, StdioServerSchema, ownRecord } from '../config';
import { VaultHealthSchema } from '../vault';
import { ConfigIssueSchema, ServerStatusSchema } from './views';
import { AgentListingBoundSchema } from './bridge-views';
import { ByName, Ok } from './method-schemas';

export const StatusSchema = z.object({
  version: z.string(),
  dataDir: z.string(),
  configFile: z.string(),
  configIssues: z.array(ConfigIssueSchema),
  servers: z.array(ServerStatusSchema),
  vault: VaultHealthSchema,
  /** HTTP servers' headers naming a `${secret:NAME}` the vault does not hold (absent while the vault is locked). */
  missingHeaderSecrets: z
    .array(z.object({ server: z.string(), header: z.string(), name: z.string(), reference: z.string(), fix: z.string() }))
    .optional(),
  /** approvals.json could not be read and is ignored (every command then waits for approval): the file and why. */
  approvalsIgnored: z.object({ file: z.string(), reason: z.string() }).optional(),
  /** `all` agents whose listing passes the bound now: the servers each searches instead, and their size (absent: none). */
  listingBounds: z.array(AgentListingBoundSchema).optional(),
});

/** Servers in mcp.json (and declared in code): added, removed, enabled, approved; the status of all. */
export const SERVER_METHODS = {
  status: () => ({ input: z.strictObject({}), output: StatusSchema }),
  addServer: () => ({
    input: z.strictObject({ name: ServerNameSchema, config: z.union([StdioServerSchema, HttpServerSchema]) }),
    output: Ok,
  }),
  removeServer: () => ({ input: ByName, output: Ok }),
  /** Servers declared in a program's code (docs/library.md): not in mcp.json, approved like any other. */
  declareServers: () => ({
    input: z.strictObject({
      servers: ownRecord(ServerNameSchema, z.union([StdioServerSchema, HttpServerSchema]))
        .refine((servers) => Object.keys(servers).length <= 100, 'at most 100 servers'),
    }),
    output: Ok,
  }),
  /** Forgets servers declared in code (their program closed); names not declared in code are left alone. */
  forgetServers: () => ({ input: z.strictObject({ names: z.array(ServerNameSchema).max(100) }), output: Ok }),
  setServerEnabled: () => ({ input: z.strictObject({ name: ServerNameSchema, enabled: z.boolean() }), output: Ok }),
  /** `commandLine`: what the person was shown; refused if the config changed since (approve what you saw). */
  approveServer: () => ({ input: ByName.extend({ commandLine: z.string().optional() }), output: Ok }),
};
