import type {
  AgentView,
  ApiEvent,
  ApiEventPayload,
  ApiInput,
  ApiMethod,
  ApiOutput,
  AppApi,
  CallResult,
  CodeAgent,
  PromptInfo,
  SecretStoreView,
  ServerStatus,
  StoreReferenceView,
  StoreUse,
  ToolInfo,
} from '../../shared/api';
import type { ServerConfig } from '../../shared/config';

/**
 * The App API as a program calls it: a method whose input has no required field may be called
 * without one (`cs.api.status()`), as if given `{}`.
 */
export type ProgramApi = {
  [M in ApiMethod]: Record<string, never> extends ApiInput<M> ? (input?: ApiInput<M>) => Promise<ApiOutput<M>> : (input: ApiInput<M>) => Promise<ApiOutput<M>>;
} & Pick<AppApi, 'on'>;

/** A server's entry, as in mcp.json: `{ command, args, env, cwd }` (stdio) or `{ url, headers, auth }` (HTTP). */
export type ServerEntry = ServerConfig;

/**
 * An agent declared in code: its servers, tiers and settings as `addAgent` takes them. Its token is made
 * by openConnectedServices and held in this program's memory only (`cs.codeAgents[NAME].token`).
 */
export type AgentEntry = Omit<CodeAgent, 'tokenHash'>;

/** An agent declared in code, as this program uses it: its bridge address and its token (memory only). */
export interface CodeAgentHandle {
  readonly name: string;
  /** The bridge's MCP endpoint: the running app's, or the one this process runs. */
  readonly url: string;
  /** `Authorization: Bearer <token>` at the bridge; new at every open, never written anywhere. */
  readonly token: string;
}

export interface OpenOptions {
  /** The data folder; default `CONNECTED_SERVICES_HOME`, else the OS's app-data folder (as the command line). */
  home?: string;
  /**
   * Variables the core reads (`CONNECTED_SERVICES_PASSPHRASE`, …), over `process.env`, which its servers'
   * environments also start from; a name given as `undefined` is left out.
   */
  env?: Record<string, string | undefined>;
  /**
   * Servers declared in code: beside mcp.json's, marked `fromCode` in every listing, never written to
   * mcp.json nor editable from the app. Each still runs only once the person approved its command.
   * A name mcp.json has too is an error naming both places.
   */
  servers?: Record<string, ServerEntry>;
  /**
   * Agents declared in code: beside agents.json's, marked `fromCode` in every listing, never written to
   * agents.json nor editable from the app. They call tools through the bridge like any agent (the same
   * gate, tiers, approvals and audit): the running app's, or, with no app, one this process runs.
   * A name agents.json has too is an error naming both places.
   */
  agents?: Record<string, AgentEntry>;
  /** With agents declared and no app running: the port of the bridge this process runs (default a free one; never the app's, settings.bridgePort else 47781). */
  bridgePort?: number;
  /**
   * While an app runs for the data folder, a widening (declaring servers, approving, calling a tool,
   * storing a secret) waits for the person there. How long to wait before giving up; default 10 minutes
   * (when the app lets the request expire).
   */
  confirmTimeoutMs?: number;
}

/** Where the core runs: in the app already running for the data folder, or in this process. */
export type Mode = 'app' | 'in-process';

export interface CallOptions {
  /** The call's own timeout (at most an hour), its server's start included; default the server's or the settings'. */
  timeoutMs?: number;
}

/** The core, opened for one data folder. Every method's input is checked as the App API checks it. */
export interface ConnectedServices {
  readonly dataDir: string;
  readonly mode: Mode;
  /** The agents declared in code, each with its token and the bridge's address. */
  readonly codeAgents: Readonly<Record<string, CodeAgentHandle>>;
  /** The whole App API (docs/architecture.md), for what the methods below leave out. */
  readonly api: ProgramApi;
  /** Every configured server with its state; those declared in code have `fromCode: true`. */
  listServers(): Promise<ServerStatus[]>;
  /**
   * The tools of the cached inventory; a named server never inventoried (enabled and approved) is
   * started once first, as `connected-services tools NAME` does. So are `listResources` and `listPrompts`.
   */
  listTools(server?: string): Promise<ToolInfo[]>;
  /** Calls a tool as the person (past every agent's policy): through an app, the person confirms it first. */
  callTool(server: string, tool: string, args?: Record<string, unknown>, options?: CallOptions): Promise<CallResult>;
  listResources(server?: string): Promise<ApiOutput<'listResources'>>;
  readResource(server: string, uri: string): Promise<ApiOutput<'readResource'>>;
  listPrompts(server?: string): Promise<PromptInfo[]>;
  getPrompt(server: string, name: string, args?: Record<string, string>): Promise<ApiOutput<'getPrompt'>>;
  /**
   * Adds a server to mcp.json (for one only this program uses, declare it in `servers` at open instead).
   * A secret in clear is refused (`invalid_input`): store it with `setSecret` and write `${secret:NAME}`.
   */
  addServer(name: string, entry: ServerEntry): Promise<void>;
  updateServer(name: string, entry: ServerEntry): Promise<void>;
  removeServer(name: string): Promise<void>;
  /** Approves the server's command line (or, for HTTP, where it sends secrets), as shown in its status; one that needs no approval is left as it is. */
  approveServer(name: string): Promise<void>;
  /** Starts a server now (signing in first where it needs to) and answers its status. */
  connect(name: string): Promise<ServerStatus>;
  stopServer(name: string): Promise<ServerStatus>;
  listAgents(): Promise<AgentView[]>;
  /** Adds an agent; its token is in the answer only (through an app it is shown to the person instead). */
  addAgent(input: ApiInput<'addAgent'>): Promise<ApiOutput<'addAgent'> | undefined>;
  updateAgent(input: ApiInput<'updateAgent'>): Promise<ApiOutput<'updateAgent'>>;
  removeAgent(name: string): Promise<void>;
  /** Names only: values never leave the core. */
  listSecrets(): Promise<ApiOutput<'listSecrets'>>;
  /** Kept; `warning` says what the person should know: a server not configured (yet), a corrupt vault file found, moved aside and what was written back from memory. */
  setSecret(name: string, value: string, server?: string): Promise<ApiOutput<'setSecret'>>;
  deleteSecret(name: string, server?: string): Promise<boolean>;
  /** The paths a secret store holds (`settings.secretStores`, `pass`, …), where it can list them; never values. */
  listStoreSecrets(store: string): Promise<string[]>;
  /** Stores a value at a path of a store that can (pass, the Secret Service, our vault); through an app, the person confirms it first. */
  setStoreSecret(store: string, path: string, value: string): Promise<void>;
  deleteStoreSecret(store: string, path: string): Promise<boolean>;
  /** Every secret store `${secret:STORE:PATH}` may name, what it can do and whether it answers now; never a value. */
  listSecretStores(): Promise<SecretStoreView[]>;
  /** Every `${secret:STORE:PATH}` a configured server names: its store, who uses it, its last resolution; never a value. */
  listStoreReferences(): Promise<StoreReferenceView[]>;
  /** Reads a referenced store entry now and answers whether it resolved (the value stays in the core; revealing it is the person's own, in the app). */
  testStoreReference(store: string, path: string): Promise<StoreUse>;
  /**
   * Listens to the core's events. In this process every event is heard; through an app only
   * `serverState` is (the app keeps its event stream for its own window), seen by asking every second.
   */
  on<E extends ApiEvent>(event: E, listener: (payload: ApiEventPayload<E>) => void): () => void;
  /** Forgets the servers and agents declared in code (in the app too), stops what this process started. Idempotent. */
  close(): Promise<void>;
}
