import { z } from 'zod';
import { HttpServerSchema, ServerNameSchema, StdioServerSchema } from '../config';
import { SECRET_NAME_PATTERN, VaultHealthSchema } from '../vault';
import {
  AgentViewSchema,
  AgentClientViewSchema,
  ToolModeViewSchema,
  AgentAsksViewSchema,
  NameStyleViewSchema,
  AuditEntrySchema,
  AuditOutcomeSchema,
  BridgeInfoSchema,
  ConfigTargetSchema,
  DeviceLoginSchema,
  PendingApprovalSchema,
  PolicyDecisionSchema,
  TierPolicySchema,
} from './bridge-views';
import { ClientChangeSchema, ClientInfoSchema, ClientPlanSchema, ConnectClientSchema } from './client-views';
import { AskActionSchema, AskContentSchema, AskSettledSchema, PendingAskSchema } from './ask-views';
import { AdminEntrySchema, CallerSchema, ConfirmationAnswerSchema, ConfirmationOutcomeSchema, ConfirmationSchema } from './admin-views';
import {
  CallResultSchema,
  ConfigIssueSchema,
  DoctorCheckSchema,
  ImportReportSchema,
  ImportSourceSchema,
  PromptInfoSchema,
  ResourceInfoSchema,
  ResourceTemplateInfoSchema,
  ServerStatusSchema,
  ToolInfoSchema,
} from './views';
import { LogLineSchema, LogTailSchema, PromptResultSchema, ResourceReadSchema } from './inspect-views';
import { lazyEntries } from './lazy-entries';
import { SecretStoreViewSchema, StoreNameSchema, StorePathSchema } from './secret-store-views';
import { CodeAgentSchema } from './code-agent-views';
import { InstallChoiceSchema, RegistryCatalogSchema, RegistryInstallOptionsSchema, RegistryStateSchema } from './registry-views';
import { HeldChangeSchema, PinDecisionSchema } from './pin-views';
import { SignInProgressSchema } from './sign-in-views';
import { DecideInputSchema, DecideOutputSchema, DecisionRecordSchema, DecisionSchema } from './decision-views';
import { AddServiceInputSchema, AddServiceResultSchema } from './add-service-views';

const ByName = z.strictObject({ name: ServerNameSchema });
const AgentNameSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$/, 'use 1-64 letters, digits, spaces, "_", "." or "-"');
const OptionalServer = z.strictObject({ server: ServerNameSchema.optional() });
const Ok = z.object({ ok: z.literal(true) });

export const StatusSchema = z.object({
  version: z.string(),
  dataDir: z.string(),
  configFile: z.string(),
  configIssues: z.array(ConfigIssueSchema),
  servers: z.array(ServerStatusSchema),
  vault: VaultHealthSchema,
});

const SecretNameSchema = z.string().regex(SECRET_NAME_PATTERN, 'use 1-128 letters, digits, "_", "." or "-"');
/** A named secret: global (`${secret:NAME}` anywhere) or scoped to one server. */
const SecretRef = z.strictObject({ name: SecretNameSchema, server: ServerNameSchema.optional() });

/**
 * The App API: every call the UI (and the CLI through `serve`) makes of the core.
 * Each method has a request schema that every transport parses, and a result schema.
 */
export const API_METHODS = lazyEntries({
  status: () => ({ input: z.strictObject({}), output: StatusSchema }),
  addServer: () => ({
    input: z.strictObject({ name: ServerNameSchema, config: z.union([StdioServerSchema, HttpServerSchema]) }),
    output: Ok,
  }),
  removeServer: () => ({ input: ByName, output: Ok }),
  /** Servers declared in a program's code (docs/library.md): not in mcp.json, approved like any other. */
  declareServers: () => ({
    input: z.strictObject({
      servers: z
        .record(ServerNameSchema, z.union([StdioServerSchema, HttpServerSchema]))
        .refine((servers) => Object.keys(servers).length <= 100, 'at most 100 servers'),
    }),
    output: Ok,
  }),
  /** Forgets servers declared in code (their program closed); names not declared in code are left alone. */
  forgetServers: () => ({ input: z.strictObject({ names: z.array(ServerNameSchema).max(100) }), output: Ok }),
  setServerEnabled: () => ({ input: z.strictObject({ name: ServerNameSchema, enabled: z.boolean() }), output: Ok }),
  /** `commandLine`: what the person was shown; refused if the config changed since (approve what you saw). */
  approveServer: () => ({ input: ByName.extend({ commandLine: z.string().optional() }), output: Ok }),
  /**
   * Starts the server now (spawn or connect) and refreshes its inventory; for an OAuth server
   * without a valid credential, runs the sign-in flow first (browser, or device code).
   */
  connect: () => ({
    /** `retry`: a sign-in to it already in progress is cancelled and a new one started (else that is refused). */
    input: z.strictObject({ name: ServerNameSchema, flow: z.enum(['browser', 'device']).optional(), retry: z.boolean().optional() }),
    output: ServerStatusSchema,
  }),
  /**
   * Forgets the server's tokens (optionally revoking them at the authorization server) and stops it.
   * With `revoke`: `revoked` tells whether every grant was revoked; if not, `revokeError` says which were
   * not and why (they may still be live at their authorization server).
   */
  disconnect: () => ({
    /**
     * `forgetIssuer`: also forget which authorization server the entry's client secret belongs to, so
     * the next sign-in may send it to another one (a widening). `forgottenIssuer`: the one forgotten,
     * null when none was pinned.
     */
    input: z.strictObject({ name: ServerNameSchema, revoke: z.boolean().optional(), forgetIssuer: z.boolean().optional() }),
    output: ServerStatusSchema.extend({ revoked: z.boolean().optional(), revokeError: z.string().optional(), forgottenIssuer: z.string().nullable().optional() }),
  }),
  /** Cancels a sign-in in progress (browser or device code). */
  cancelLogin: () => ({ input: ByName, output: Ok }),
  /** Sign-ins in progress (and the last end of each), with the browser's sign-in address and when the wait ends. */
  listSignIns: () => ({ input: z.strictObject({}), output: z.array(SignInProgressSchema) }),
  /**
   * Stores the API key of an `api_key` entry where the entry reads it (its `\${secret:NAME}`, else the
   * vault entry `<server>/apiKey`); a server waiting for it starts again.
   */
  setApiKey: () => ({ input: z.strictObject({ name: ServerNameSchema, value: z.string().min(1).max(64 * 1024) }), output: Ok }),
  /**
   * A service added, approved as the person was shown it and connected (signed in, started, tools
   * listed) in one transaction: a step that fails undoes the ones before it (docs/sign-in.md).
   */
  addService: () => ({ input: AddServiceInputSchema, output: AddServiceResultSchema }),
  stopServer: () => ({ input: ByName, output: ServerStatusSchema }),
  listTools: () => ({ input: OptionalServer, output: z.array(ToolInfoSchema) }),
  listResources: () => ({
    input: OptionalServer,
    output: z.object({ resources: z.array(ResourceInfoSchema), templates: z.array(ResourceTemplateInfoSchema) }),
  }),
  listPrompts: () => ({ input: OptionalServer, output: z.array(PromptInfoSchema) }),
  /**
   * A server's kept log (stderr, notes, state changes, its log messages; redacted). Without `after`:
   * the last `limit` lines; with it, the lines after that cursor, oldest first, up to `limit`.
   */
  readLogs: () => ({
    input: z.strictObject({ server: ServerNameSchema, after: z.number().int().min(0).optional(), limit: z.number().int().min(1).max(5000).optional() }),
    output: LogTailSchema,
  }),
  /** `resources/read` as the person (starts the server); contents past the size limit say their size instead. */
  readResource: () => ({ input: z.strictObject({ server: ServerNameSchema, uri: z.string().min(1).max(8192) }), output: ResourceReadSchema }),
  /** A tool's MCP App opened on the app origin (SEP-1865): its address for a sandboxed frame, and the features it was granted. */
  openApp: () => ({
    input: z.strictObject({ server: ServerNameSchema, tool: z.string().min(1).max(256) }),
    output: z.object({
      appId: z.string(),
      address: z.string(),
      /** The frame's `allow` attribute: only what the app asked for and the person allowed. */
      allow: z.string(),
      requested: z.array(z.enum(['camera', 'microphone', 'geolocation', 'clipboardWrite'])),
      prefersBorder: z.boolean().optional(),
    }),
  }),
  /**
   * A tool call an opened app asks for (SEP-1865 `tools/call` from the view): only its own server's
   * tools that are visible to apps; a `write` or `destructive` one runs only with `confirmed`, which
   * the screen sets after showing the person the tool and its arguments. Recorded as the app's.
   */
  callAppTool: () => ({
    input: z.strictObject({
      appId: z.string().min(1).max(64),
      tool: z.string().min(1).max(256),
      arguments: z.record(z.string(), z.unknown()).optional(),
      confirmed: z.boolean().optional(),
    }),
    output: CallResultSchema,
  }),
  /** Closes an opened app: its address stops serving at once. */
  closeApp: () => ({ input: z.strictObject({ appId: z.string().min(1).max(64) }), output: Ok }),
  /** `prompts/get` as the person (starts the server). */
  getPrompt: () => ({
    input: z.strictObject({
      server: ServerNameSchema,
      name: z.string().min(1).max(256),
      arguments: z
        .record(z.string().max(256), z.string().max(1024 * 1024))
        .refine((args) => Object.keys(args).length <= 100, 'at most 100 arguments')
        .optional(),
    }),
    output: PromptResultSchema,
  }),
  callTool: () => ({
    input: z.strictObject({
      server: ServerNameSchema,
      tool: z.string().min(1),
      arguments: z.record(z.string(), z.unknown()).optional(),
      timeoutMs: z.number().int().min(1).max(3_600_000).optional(),
      /** Chosen by the caller so `callProgress` events can be matched to this call. */
      callId: z.string().max(100).optional(),
    }),
    output: CallResultSchema,
  }),
  /** `live`: also one harmless exchange (initialize, tools/list) with every enabled server, through the pool. */
  doctor: () => ({ input: z.strictObject({ live: z.boolean().optional() }), output: z.array(DoctorCheckSchema) }),
  /** Names only: values never leave the core through the App API. */
  listSecrets: () => ({ input: z.strictObject({}), output: z.array(z.object({ name: z.string(), server: z.string().optional() })) }),
  setSecret: () => ({ input: SecretRef.extend({ value: z.string().min(1).max(64 * 1024) }), output: Ok }),
  deleteSecret: () => ({ input: SecretRef, output: z.object({ deleted: z.boolean() }) }),
  /** Every store `${secret:STORE:PATH}` may name (settings.secretStores, the defaults, the vault) and whether it answers. */
  listSecretStores: () => ({ input: z.strictObject({}), output: z.array(SecretStoreViewSchema) }),
  /** A command store's command line; `commandLine`: what the person was shown, refused if it changed since. */
  approveSecretStore: () => ({ input: z.strictObject({ name: StoreNameSchema, commandLine: z.string().max(65_536).optional() }), output: Ok }),
  /** The paths a store holds, where it can list them (never a value). */
  listStoreSecrets: () => ({ input: z.strictObject({ store: StoreNameSchema }), output: z.array(z.string()) }),
  /** Stores a value at a path of a store that can (pass, the Secret Service, our vault). */
  setStoreSecret: () => ({ input: z.strictObject({ store: StoreNameSchema, path: StorePathSchema, value: z.string().min(1).max(64 * 1024) }), output: Ok }),
  deleteStoreSecret: () => ({ input: z.strictObject({ store: StoreNameSchema, path: StorePathSchema }), output: z.object({ deleted: z.boolean() }) }),
  /** A secret's value, for the person who asked to see or copy it (never to the command line). */
  revealSecret: () => ({ input: SecretRef, output: z.object({ value: z.string() }) }),
  bridgeInfo: () => ({ input: z.strictObject({}), output: BridgeInfoSchema }),
  /** Paused, the bridge refuses every agent call with `denied`; listings still answer. */
  setBridgePaused: () => ({ input: z.strictObject({ paused: z.boolean() }), output: BridgeInfoSchema }),
  listAgents: () => ({ input: z.strictObject({}), output: z.array(AgentViewSchema) }),
  /** The token is in this answer only; it is stored hashed. */
  addAgent: () => ({
    input: z.strictObject({
      name: AgentNameSchema,
      servers: z.union([z.literal('*'), z.array(ServerNameSchema)]).optional(),
      policy: TierPolicySchema.partial().optional(),
      names: NameStyleViewSchema.optional(),
      /** Adds list_resources, read_resource and get_prompt to its tools (issue #33), for clients that use tools only. */
      resourceTools: z.boolean().optional(),
      /** `all` (the default), `search` or `auto` (issue #32). */
      toolMode: ToolModeViewSchema.optional(),
      /** While it searches, the tools found join its listing (list_changed; issue #32). Off by default. */
      listFound: z.boolean().optional(),
      /** The client whose prefix its names must fit, or a prefix length (issue #32). */
      client: AgentClientViewSchema.optional(),
    }),
    output: z.object({ agent: AgentViewSchema, token: z.string() }),
  }),
  updateAgent: () => ({
    input: z.strictObject({
      name: AgentNameSchema,
      servers: z.union([z.literal('*'), z.array(ServerNameSchema)]).optional(),
      policy: TierPolicySchema.partial().optional(),
      /** Per-tool overrides to set (`null` removes one). */
      tools: z.array(z.strictObject({ server: ServerNameSchema, tool: z.string().min(1), decision: PolicyDecisionSchema.nullable() })).optional(),
      /** Where servers' requests during its calls may go (docs/asks.md). */
      asks: AgentAsksViewSchema.partial().optional(),
      /** The names it sees (issue #30): `prefixed` or `plain`. */
      names: NameStyleViewSchema.optional(),
      /** Adds (true) or removes (false) list_resources, read_resource and get_prompt among its tools. */
      resourceTools: z.boolean().optional(),
      /** `all`, `search` or `auto` (issue #32). */
      toolMode: ToolModeViewSchema.optional(),
      /** Found tools join its listing (true) or not (false). */
      listFound: z.boolean().optional(),
      /** The client whose prefix its names must fit, a prefix length, or `null` for none (issue #32). */
      client: AgentClientViewSchema.nullable().optional(),
    }),
    output: AgentViewSchema,
  }),
  removeAgent: () => ({ input: z.strictObject({ name: AgentNameSchema }), output: Ok }),
  rotateAgent: () => ({ input: z.strictObject({ name: AgentNameSchema }), output: z.object({ agent: AgentViewSchema, token: z.string() }) }),
  /** Agents declared in a program's code (docs/library.md): held in memory beside agents.json's, each with the digest of a token the program keeps. */
  declareAgents: () => ({
    input: z.strictObject({
      agents: z.record(AgentNameSchema, CodeAgentSchema).refine((agents) => Object.keys(agents).length <= 100, 'at most 100 agents'),
    }),
    output: Ok,
  }),
  /** Forgets agents declared in code (their program closed); names not declared in code are left alone. */
  forgetAgents: () => ({ input: z.strictObject({ names: z.array(AgentNameSchema).max(100) }), output: Ok }),
  /** A ready-to-paste client configuration; without a token it holds a placeholder. */
  agentConfig: () => ({
    input: z.strictObject({ name: AgentNameSchema, for: ConfigTargetSchema, token: z.string().optional() }),
    /** `notes`: the tool mode and the client its names were made for, in words (issue #32). */
    output: z.object({ text: z.string(), file: z.string().optional(), notes: z.array(z.string()).optional() }),
  }),
  /** The agent clients this app can set up, whether each is installed for this user, and which agents each holds. */
  listClients: () => ({ input: z.strictObject({}), output: z.array(ClientInfoSchema) }),
  /** The diff that connecting (or, with `remove`, disconnecting) an agent to a client would make; writes nothing. */
  planClientConnection: () => ({
    input: z.strictObject({ agent: AgentNameSchema, client: ConnectClientSchema, remove: z.boolean().optional() }),
    output: ClientPlanSchema,
  }),
  /** Writes the agent's entry into the client's user configuration (a backup kept); without `token`, the agent gets a new one. */
  connectClient: () => ({
    input: z.strictObject({ agent: AgentNameSchema, client: ConnectClientSchema, token: z.string().min(1).max(512).optional(), base: z.string().max(64).optional() }),
    output: ClientChangeSchema,
  }),
  /** Removes the agent's entry from the client's user configuration (a backup kept). */
  disconnectClient: () => ({
    input: z.strictObject({ agent: AgentNameSchema, client: ConnectClientSchema, base: z.string().max(64).optional() }),
    output: ClientChangeSchema,
  }),
  /** @deprecated kept for one release; use `listDecisions` (kind `call`). */
  listApprovals: () => ({ input: z.strictObject({}), output: z.array(PendingApprovalSchema) }),
  /** @deprecated kept for one release; use `decide` with kind `call`. */
  decideApproval: () => ({
    input: z.strictObject({ id: z.string().min(1), decision: z.enum(['allow', 'deny']), remember: z.boolean().optional() }),
    output: Ok,
  }),
  readAudit: () => ({
    input: z.strictObject({
      agent: z.string().optional(),
      server: z.string().optional(),
      outcome: AuditOutcomeSchema.optional(),
      limit: z.number().int().min(1).max(5000).optional(),
    }),
    output: z.array(AuditEntrySchema),
  }),
  importConfig: () => ({
    input: z.strictObject({
      source: ImportSourceSchema,
      path: z.string().optional(),
      /** Credential files named in env: `move` their contents into the vault as `${secretFile:…}` (default: leave them, report them). */
      credentialFiles: z.enum(['move', 'leave']).optional(),
    }),
    output: ImportReportSchema,
  }),
  /**
   * Widenings asked for from the command line, waiting for the person (see SECURITY.md).
   * @deprecated kept for one release; use `listDecisions` (kind `confirmation`).
   */
  listConfirmations: () => ({ input: z.strictObject({}), output: z.array(ConfirmationSchema) }),
  /** How one stands for whoever asked: waiting, or its end and answer (docs/library.md). */
  confirmationAnswer: () => ({ input: z.strictObject({ id: z.string().min(1).max(100) }), output: ConfirmationAnswerSchema }),
  /**
   * The person's interfaces only: confirming runs the request as the person; `result` is its answer
   * (a new agent's token is shown to the person, not to whoever asked).
   * @deprecated kept for one release; use `decide` with kind `confirmation`.
   */
  decideConfirmation: () => ({
    input: z.strictObject({ id: z.string().min(1).max(100), decision: z.enum(['confirm', 'refuse']) }),
    output: z.object({ outcome: ConfirmationOutcomeSchema, error: z.string().optional(), result: z.unknown().optional() }),
  }),
  /** Changes of policy, agents, servers, secrets and settings, newest first. */
  readAdminLog: () => ({
    input: z.strictObject({ who: CallerSchema.optional(), limit: z.number().int().min(1).max(5000).optional() }),
    output: z.array(AdminEntrySchema),
  }),
  /** Widenings made from the command line while no app ran, not yet acknowledged. */
  listOfflineChanges: () => ({ input: z.strictObject({}), output: z.array(AdminEntrySchema) }),
  /** The person's interfaces only: marks the changes up to `upTo` (a time) as reviewed. */
  acknowledgeChanges: () => ({ input: z.strictObject({ upTo: z.number() }), output: Ok }),
  /**
   * Servers' requests waiting for the person: forms, URLs to open, sampling to approve (docs/asks.md).
   * @deprecated kept for one release; use `listDecisions` (kind `ask`).
   */
  listAsks: () => ({ input: z.strictObject({}), output: z.array(PendingAskSchema) }),
  /**
   * The person's interfaces only: `content` with accept of a form (checked against its schema).
   * @deprecated kept for one release; use `decide` with kind `ask`.
   */
  answerAsk: () => ({
    input: z.strictObject({ id: z.string().min(1).max(100), action: AskActionSchema, content: AskContentSchema.optional() }),
    output: Ok,
  }),
  /** The person's interfaces only: opens a URL-mode request's URL after the checks sign-in uses; never opened otherwise. */
  openAskUrl: () => ({ input: z.strictObject({ id: z.string().min(1).max(100) }), output: Ok }),
  /** The server's entry as written in mcp.json (`${secret:…}` references as references), for editing. */
  serverConfig: () => ({ input: ByName, output: z.object({ config: z.union([StdioServerSchema, HttpServerSchema]) }) }),
  /**
   * Replaces a server's entry. A stdio entry whose command, arguments, folder or environment changed
   * needs approval again (the approval is of the name with that whole entry); a running server restarts.
   */
  updateServer: () => ({
    input: z.strictObject({ name: ServerNameSchema, config: z.union([StdioServerSchema, HttpServerSchema]) }),
    output: ServerStatusSchema,
  }),
  /** Stops the server and starts it again now (crash counters reset); errors are the start's. */
  restartServer: () => ({ input: ByName, output: ServerStatusSchema }),
  /** Cancels a `callTool` in flight by its `callId`: the server is sent `notifications/cancelled`. */
  cancelCall: () => ({ input: z.strictObject({ callId: z.string().min(1).max(100) }), output: z.object({ cancelled: z.boolean() }) }),
  /** The MCP registries' entries from their snapshots (no network) and each registry's state. */
  registryCatalog: () => ({ input: z.strictObject({}), output: RegistryCatalogSchema }),
  /** Syncs every registry now (`full`: page through everything again); a failure is in the state, not thrown. */
  refreshRegistries: () => ({ input: z.strictObject({ full: z.boolean().optional() }), output: z.object({ registries: z.array(RegistryStateSchema) }) }),
  /** An entry's packages and remotes with the inputs each asks for (a form is built from them). */
  registryInstallOptions: () => ({ input: z.strictObject({ registry: z.string().min(1).max(500), name: z.string().min(1).max(200) }), output: RegistryInstallOptionsSchema }),
  /**
   * Installs a registry entry as `servers add --from-registry` does: secrets to the vault, the entry
   * with `${secret:…}` references; a command waits for approval. Returns the command line to approve.
   */
  installRegistryEntry: () => ({
    input: z.strictObject({
      registry: z.string().min(1).max(500),
      name: z.string().min(1).max(200),
      server: ServerNameSchema,
      choice: InstallChoiceSchema,
      inputs: z.record(z.string().min(1).max(200), z.string().max(64 * 1024)).refine((v) => Object.keys(v).length <= 256, 'too many inputs'),
    }),
    output: z.object({ name: ServerNameSchema, secrets: z.array(z.string()) }),
  }),
  /** Tools and prompts held since their server's approval (new or changed), with their differences; one server or all. */
  listHeldChanges: () => ({ input: OptionalServer, output: z.array(HeldChangeSchema) }),
  /** The person's decisions on held tools and prompts of one server; `acceptAll` accepts whatever waits. */
  reviewChanges: () => ({
    input: z.strictObject({ name: ServerNameSchema, decisions: z.array(PinDecisionSchema).max(1000).optional(), acceptAll: z.boolean().optional() }),
    output: Ok,
  }),
  /** Everything waiting for the person, of every kind (calls, confirmations, asks), oldest first. */
  listDecisions: () => ({ input: z.strictObject({}), output: z.array(DecisionSchema) }),
  /** Answers one decision; its power is its kind's (allowing a call widens; the others are the person's). */
  decide: () => ({ input: DecideInputSchema, output: DecideOutputSchema }),
});

export type ApiMethods = typeof API_METHODS;
export type ApiMethod = keyof ApiMethods;
export type ApiInput<M extends ApiMethod> = z.input<ApiMethods[M]['input']>;
export type ApiOutput<M extends ApiMethod> = z.infer<ApiMethods[M]['output']>;

/** Everything the core pushes to the UI. */
export const API_EVENTS = lazyEntries({
  serverState: () => ServerStatusSchema,
  inventoryChanged: () => z.object({ server: z.string() }),
  /** New lines of a server's kept log (see `readLogs`), in order. */
  serverLog: () => z.object({ server: z.string(), lines: z.array(LogLineSchema) }),
  configIssues: () => z.object({ issues: z.array(ConfigIssueSchema) }),
  deviceLogin: () => DeviceLoginSchema,
  signIn: () => SignInProgressSchema,
  /** @deprecated kept for one release; use `decisionAdded` (kind `call`). */
  approvalPending: () => PendingApprovalSchema,
  /** @deprecated kept for one release; use `decisionSettled` (kind `call`). */
  approvalDecided: () => z.object({ id: z.string(), decision: z.enum(['allow', 'deny', 'timeout']) }),
  auditEntry: () => AuditEntrySchema,
  agentsChanged: () => z.object({}),
  bridgeChanged: () => BridgeInfoSchema,
  callProgress: () => z.object({
    callId: z.string(),
    progress: z.number(),
    total: z.number().optional(),
    message: z.string().optional(),
  }),
  /** @deprecated kept for one release; use `decisionAdded` (kind `confirmation`). */
  confirmationPending: () => ConfirmationSchema,
  /** @deprecated kept for one release; use `decisionSettled` (kind `confirmation`). */
  confirmationDecided: () => z.object({ id: z.string(), outcome: ConfirmationOutcomeSchema }),
  adminEntry: () => AdminEntrySchema,
  /** @deprecated kept for one release; use `decisionAdded` (kind `ask`). */
  askPending: () => PendingAskSchema,
  /** @deprecated kept for one release; use `decisionSettled` (kind `ask`). */
  askSettled: () => AskSettledSchema,
  /** A registry sync progressed, ended or failed: every registry's state. */
  registryState: () => z.object({ registries: z.array(RegistryStateSchema) }),
  /** What waits for review of a server's tools and prompts changed (see `listHeldChanges`). */
  heldChanged: () => z.object({ server: z.string() }),
  /** A decision waits for the person (any kind). */
  decisionAdded: () => DecisionSchema,
  /** It was settled: its audit record (who, what, kind, outcome, when). */
  decisionSettled: () => DecisionRecordSchema,
});

export type ApiEvents = typeof API_EVENTS;
export type ApiEvent = keyof ApiEvents;
export type ApiEventPayload<E extends ApiEvent> = z.infer<ApiEvents[E]>;

/** The core as the UI sees it: one async function per method, plus event subscription. */
export type AppApi = {
  [M in ApiMethod]: (input: ApiInput<M>) => Promise<ApiOutput<M>>;
} & {
  on<E extends ApiEvent>(event: E, listener: (payload: ApiEventPayload<E>) => void): () => void;
};

export function isApiMethod(name: string): name is ApiMethod {
  return Object.prototype.hasOwnProperty.call(API_METHODS, name);
}
