import { z } from 'zod';
import { WireErrorSchema } from '../errors';
import { AuthInfoSchema } from './bridge-views';
import { lazySchema } from './lazy-schema';

export const SERVER_STATES = ['idle', 'starting', 'ready', 'needs_auth', 'error', 'stopped'] as const;
export const ServerStateSchema = lazySchema(() => z.enum(SERVER_STATES));
export type ServerState = z.infer<typeof ServerStateSchema>;

export const StateChangeSchema = lazySchema(() => z.object({
  state: ServerStateSchema,
  at: z.number(),
  error: WireErrorSchema.optional(),
}));
export type StateChange = z.infer<typeof StateChangeSchema>;

/** A stdio command must be approved by the person before it is spawned. */
export const ApprovalSchema = lazySchema(() => z.enum(['approved', 'pending', 'not_needed']));
export type Approval = z.infer<typeof ApprovalSchema>;

export const ServerStatusSchema = lazySchema(() => z.object({
  name: z.string(),
  transport: z.enum(['stdio', 'http']),
  enabled: z.boolean(),
  state: ServerStateSchema,
  /** When the server entered its current state (ms since epoch). */
  since: z.number(),
  approval: ApprovalSchema,
  /** The entry's `description` in mcp.json, if it has one. */
  description: z.string().optional(),
  /** The exact, untruncated command line (stdio), secrets redacted. */
  commandLine: z.string().optional(),
  /** Vault references a stdio entry puts in its program's arguments, readable by every account on the computer. */
  argumentSecrets: z.array(z.string()).optional(),
  url: z.string().optional(),
  toolCount: z.number().int(),
  resourceCount: z.number().int(),
  promptCount: z.number().int(),
  /** When the cached inventory was last fetched from the server. */
  inventoryUpdatedAt: z.number().optional(),
  /**
   * The cached inventory was fetched with the entry as it was before its last change (a command or an
   * address edited): the counts are that entry's until the server starts again and lists anew.
   */
  inventoryStale: z.literal(true).optional(),
  crashes: z.number().int(),
  lastError: WireErrorSchema.optional(),
  history: z.array(StateChangeSchema),
  /** OAuth servers: whether a credential is held, its expiry and scopes. */
  auth: AuthInfoSchema.optional(),
  /** Declared in code by a program (openConnectedServices), not in mcp.json: changed there, not here. */
  fromCode: z.boolean().optional(),
}));
export type ServerStatus = z.infer<typeof ServerStatusSchema>;

export const ToolAnnotationsSchema = lazySchema(() => z.looseObject({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
}));

export const ToolInfoSchema = lazySchema(() => z.object({
  server: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.record(z.string(), z.unknown()),
  outputSchema: z.record(z.string(), z.unknown()).optional(),
  annotations: ToolAnnotationsSchema.optional(),
  /**
   * The tier an agent's policy judges it by: the riskier of what its name and its annotations say
   * (annotations are untrusted hints, MCP 2025-06-18 server/tools "Tool annotations"). Given by the
   * App API's listings; absent from what is cached or pinned.
   */
  tier: z.enum(['read', 'write', 'destructive']).optional(),
  /**
   * The server says it may only be called as a task (MCP 2025-11-25 §tasks, `execution.taskSupport:
   * "required"`): the bridge forwards no task-augmented calls, so agents are never offered it.
   */
  requiresTasks: z.literal(true).optional(),
  /** Its MCP App (SEP-1865), as the server's `_meta.ui` says: the `ui://` resource showing it, and who may call it. */
  app: z
    .object({ resourceUri: z.string().optional(), visibility: z.array(z.enum(['model', 'app'])) })
    .optional(),
}));
export type ToolInfo = z.infer<typeof ToolInfoSchema>;

export const ResourceInfoSchema = lazySchema(() => z.object({
  server: z.string(),
  uri: z.string(),
  name: z.string(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
}));
export type ResourceInfo = z.infer<typeof ResourceInfoSchema>;

export const ResourceTemplateInfoSchema = lazySchema(() => z.object({
  server: z.string(),
  uriTemplate: z.string(),
  name: z.string(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
}));
export type ResourceTemplateInfo = z.infer<typeof ResourceTemplateInfoSchema>;

export const PromptInfoSchema = lazySchema(() => z.object({
  server: z.string(),
  name: z.string(),
  description: z.string().optional(),
  arguments: z
    .array(z.object({ name: z.string(), description: z.string().optional(), required: z.boolean().optional() }))
    .optional(),
}));
export type PromptInfo = z.infer<typeof PromptInfoSchema>;

/** The MCP `tools/call` result as it reaches the UI and the CLI. */
export const CallResultSchema = lazySchema(() => z.looseObject({
  content: z.array(z.looseObject({ type: z.string() })),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  isError: z.boolean().optional(),
}));
export type CallResult = z.infer<typeof CallResultSchema>;

export const ConfigIssueSchema = lazySchema(() => z.object({
  file: z.string(),
  server: z.string().optional(),
  field: z.string().optional(),
  message: z.string(),
}));

export const DoctorCheckSchema = lazySchema(() => z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(['ok', 'warn', 'fail']),
  detail: z.string(),
  fix: z.string().optional(),
}));
export type DoctorCheck = z.infer<typeof DoctorCheckSchema>;

export const IMPORT_SOURCES = ['claude-desktop', 'claude-code', 'cursor', 'vscode'] as const;
export const ImportSourceSchema = lazySchema(() => z.enum(IMPORT_SOURCES));
export type ImportSource = z.infer<typeof ImportSourceSchema>;

/** What a credential or token file named by an imported entry's env holds (never its content). */
export const CREDENTIAL_FILE_KINDS = ['service_account', 'authorized_user', 'oauth_client', 'token', 'credential'] as const;
export const CredentialFileKindSchema = lazySchema(() => z.enum(CREDENTIAL_FILE_KINDS));
export type CredentialFileKind = z.infer<typeof CredentialFileKindSchema>;

export const ImportedCredentialFileSchema = lazySchema(() => z.object({
  server: z.string(),
  /** The env variable that names the file. */
  variable: z.string(),
  file: z.string(),
  kind: CredentialFileKindSchema.optional(),
  /** Its content went into the vault as `secret`, and the variable became `${secretFile:secret}`. */
  moved: z.boolean(),
  secret: z.string().optional(),
  /** Why it was left in place (missing, too large, not text…). */
  problem: z.string().optional(),
  note: z.string().optional(),
}));
export type ImportedCredentialFile = z.infer<typeof ImportedCredentialFileSchema>;

export const ImportReportSchema = lazySchema(() => z.object({
  source: ImportSourceSchema,
  files: z.array(z.string()),
  added: z.array(z.object({ name: z.string(), from: z.string() })),
  skipped: z.array(z.object({ name: z.string(), from: z.string(), reason: z.string() })),
  /** Literal secrets found in the imported entries, moved into the vault and replaced by references. */
  secrets: z.array(z.object({ server: z.string(), field: z.string(), secret: z.string() })),
  /** Env variables naming credential or token files (present when any were found). */
  credentialFiles: z.array(ImportedCredentialFileSchema).optional(),
  /** Secrets an added entry keeps in clear, since a URL holds no references (present when any were found). */
  inClear: z.array(z.object({ server: z.string(), field: z.string(), reason: z.string() })).optional(),
}));
export type ImportReport = z.infer<typeof ImportReportSchema>;
