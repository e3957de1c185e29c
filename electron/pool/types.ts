import type { ProcessEnv } from '../../shared/core-env';
import type { CodedError } from '../../shared/errors';
import type { FetchLike } from '../net';
import type { Cancellation } from './cancellation';
import type { FloodLimits } from './flood-budget';
import type { LeftoverReport } from './leftover-runs';
import type { SetTimer } from './idle-timer';
import type { AskOptions, CallAsker } from './server-asks';
import type { Completion, CompletionParams } from './slot-calls';
import type { HttpServerConfig, McpConfig, ServerConfig, ServerDiff } from '../../shared/config';
import type {
  Approval,
  CallResult,
  PromptInfo,
  ResourceInfo,
  ResourceTemplateInfo,
  ServerStatus,
  ToolInfo,
} from '../../shared/api';


export interface RestartPolicy {
  /** First restart delay; doubles per crash up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** This many crashes within windowMs marks the server `error` and stops restarting. */
  maxCrashes: number;
  windowMs: number;
}

/** A credential handed to a stdio program (`${token}`, `credentialFile`); the auth coordinator delivers it. */
export interface PoolCredential {
  accessToken: string;
  tokenType: string;
  /** ms since epoch; absent: it does not expire (an API key). */
  expiresAt?: number;
  /** When to hand the program a renewed one. */
  renewAt?: number;
  scopes: string[];
  /** Only asked for Google's authorized_user files: the refresh token then leaves the vault for that program. */
  refresh?: { clientId: string; clientSecret?: string; refreshToken: string; tokenEndpoint: string };
}

/**
 * Tools and prompts pinned at approval (electron/pinning): the seam every listing of the pool passes
 * through, so agents, tool search and the UI see only what the person approved.
 */
export interface InventoryPins {
  review<L extends { tools: ToolInfo[]; prompts: PromptInfo[] }>(server: string, listing: L): Promise<L>;
  /** A decision changed what a server shows: the pool announces its inventory again. */
  on(event: 'visible', listener: (payload: { server: string }) => void): () => void;
}

/**
 * The core's environment less the data folder (shared/core-env), each value defaulting to the process's:
 * `env` is what minimal child environments are taken from, `log` gets diagnostic lines (redacted here).
 */
export interface PoolOptions extends Partial<ProcessEnv> {
  /** Where inventories are cached (one JSON file per server). */
  cacheDir: string;
  /** Refuses to spawn a command or connect to a URL (e.g. not approved): return the error, or null to allow. */
  gate?: (name: string, config: ServerConfig) => CodedError | null;
  /** Approval shown in status (the registry knows it). Default: 'not_needed'. */
  approval?: (name: string, config: ServerConfig) => Approval;
  /** Refuses to spawn the entry as it will run (references resolved), checked after resolve and just before spawn: return the error, or null to allow. */
  spawnCheck?: (name: string, config: ServerConfig) => CodedError | null | Promise<CodedError | null>;
  /** Resolves references (`${secret:…}`, `${env:…}`) just before spawn/connect. Default: identity. */
  resolve?: (name: string, config: ServerConfig) => Promise<ServerConfig>;
  /**
   * Seam for the auth coordinator: the current credential of `server` for `${token}` / `credentialFile`
   * (refreshed if due; auth_required when there is none). Without it such entries do not start.
   */
  credential?: (server: string, options: { withRefresh: boolean }) => Promise<PoolCredential>;
  /** Where credential files are written (a private folder, never the config folder). Default: see defaultRuntimeDir. */
  runtimeDir?: string;
  /** Seam for the OAuth coordinator: the fetch the HTTP transport uses for this server. */
  httpFetch?: (name: string, config: HttpServerConfig) => FetchLike | undefined;
  /** How long an HTTP server's era verdict is used before it is asked again (era-verdicts.ts). Default: a day. */
  eraRecheckMs?: number;
  /** Starts the idle-stop timers (idleTimeoutMs); returns a cancel. Default: an unref'd setTimeout. */
  setTimer?: SetTimer;
  restartPolicy?: Partial<RestartPolicy>;
  /** One message's bound: a stdio server whose unterminated output line grows past this is closed; an HTTP server's body (JSON) or SSE event past it fails the call. Default: 8 MiB. */
  maxMessageBytes?: number;
  /** How long a stopping stdio server (its process group) gets between SIGTERM and SIGKILL. Default: 2000. */
  stopGraceMs?: number;
  /**
   * Linux: a private folder where the processes of running stdio servers are recorded, so that the
   * pool's start stops what an app process that is gone (a crash) left running (leftover-runs.ts).
   * Default: none, nothing recorded.
   */
  runsDir?: string;
  /** Told what the start stopped of each earlier run (and left running for want of proof), for the audit. */
  onLeftovers?: ((report: LeftoverReport) => void) | undefined;
  /** Budgets for a stdio server's stderr and stray stdout lines (docs/configuration.md, "Server output"). Default: DEFAULT_FLOOD_LIMITS. */
  floodLimits?: Partial<FloodLimits>;
  /** Where servers' elicitation and sampling requests go (server-asks.ts). Default: declined. */
  asks?: AskOptions;
  /** Pinned tools and prompts; without it every listing is shown as fetched. */
  pins?: InventoryPins;
}

/** One progress notification of a call (MCP `notifications/progress`, less its token). */
export interface CallProgress {
  progress: number;
  total?: number;
  message?: string;
}

export interface CallOptions {
  /** Overrides the server's `timeoutMs` for this call. */
  timeoutMs?: number;
  /** The caller's cancellation; a LazyAbort makes no AbortSignal unless one is needed (cancellation.ts). */
  signal?: AbortSignal | Cancellation;
  onProgress?: (progress: CallProgress) => void;
  /** Who makes the call: the server's requests during it are routed to them (server-asks.ts). */
  asker?: CallAsker;
  /** The caller asked for the server's log messages that arise during this request (call-logs.ts). */
  log?: CallLog;
}

/**
 * A caller's wish for the log messages of one request (MCP 2026-07-28 server/utilities/logging
 * §Per-request log level): those at `level` or more severe that can be told to arise in it go to `send`.
 */
export interface CallLog {
  readonly level: UpstreamLog['level'];
  send(message: Omit<UpstreamLog, 'server'>): void;
}

export interface PoolEvents {
  /** Every change of a server's status (state, counts, last error, config). */
  state: ServerStatus;
  /** A server's visible inventory may have changed: fetched, list_changed, config applied, or removed. */
  /** `removed`: the server is no longer configured (nothing to ask it for). */
  inventory: { server: string; removed?: true };
  /** A server's own log message (`notifications/message`), for the bridge to pass on to agents. */
  log: UpstreamLog;
  /** A resource subscribed to (subscribeResource) changed on its server. */
  resourceUpdated: { server: string; uri: string };
}

export interface UpstreamLog {
  server: string;
  level: 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';
  logger?: string;
  data: unknown;
}

/** One MCP client per configured server, lazily started. */
export interface Pool {
  /**
   * Applies a new config: starts nothing new, restarts running servers whose process or session
   * settings changed (a change of only description, timeoutMs, idleTimeoutMs or tools is taken in place),
   * stops removed ones. A changed idle time (own or `settings.idleTimeoutMs`) restarts running countdowns.
   */
  apply(config: McpConfig): Promise<ServerDiff>;
  statuses(): ServerStatus[];
  /** @throws CodedError not_found */
  status(name: string): ServerStatus;
  /**
   * Starts (spawns or connects) now and refreshes the inventory. `asked`: `stopsAsked(name)` as it was
   * when the person asked to start it; a stop asked since makes it fail as stopped while starting.
   */
  start(name: string, asked?: number): Promise<ServerStatus>;
  stop(name: string): Promise<ServerStatus>;
  /**
   * Stops and starts again. Its stop is not a person's: a start asked before it goes on (with the
   * new start); a person's stop asked after it (after `asked`, as for `start`) wins, and it fails as
   * stopped while starting.
   */
  restart(name: string, asked?: number): Promise<ServerStatus>;
  /** How many stops of `name` a person has asked for (undefined: not configured): taken before a start awaits anything. */
  stopsAsked(name: string): number | undefined;
  /** From the cached inventory; never spawns. Disabled servers and denied tools are left out. */
  tools(name?: string): Promise<ToolInfo[]>;
  /**
   * For a tool name the cache cannot answer: the server's tools, starting it lazily (as a call does)
   * when it has never listed them. A server whose last start failed (needs_auth, error) answers with
   * that error instead of starting again for every unknown name.
   */
  listTools(name: string): Promise<ToolInfo[]>;
  resources(name?: string): Promise<{ resources: ResourceInfo[]; templates: ResourceTemplateInfo[] }>;
  prompts(name?: string): Promise<PromptInfo[]>;
  /** Starts the server lazily. Errors are CodedErrors (timeout, server_unavailable, denied, not_found, auth_required). */
  callTool(name: string, tool: string, args: Record<string, unknown>, options?: CallOptions): Promise<CallResult>;
  readResource(name: string, uri: string, options?: CallOptions): Promise<{ contents: Record<string, unknown>[] }>;
  getPrompt(
    name: string,
    prompt: string,
    args: Record<string, string>,
    options?: CallOptions,
  ): Promise<{ description?: string; messages: Record<string, unknown>[] }>;
  /**
   * resources/subscribe on the server, counted: the first subscriber of a URI subscribes upstream
   * (again after every restart), and the server is not stopped for idleness while any holds one.
   * That request is shared, so of `options` only `signal` and `timeoutMs` apply (to this call's wait):
   * the server's requests, progress and log messages during it are no one caller's.
   */
  subscribeResource(name: string, uri: string, options?: CallOptions): Promise<void>;
  /**
   * One subscriber fewer; the last one unsubscribes upstream (best effort), whatever becomes of
   * `options.signal`: it ends only this call's wait. Only its `timeoutMs` goes with that request.
   */
  unsubscribeResource(name: string, uri: string, options?: CallOptions): Promise<void>;
  /** completion/complete on the server (names as on the server); starts it lazily. */
  complete(name: string, params: CompletionParams, options?: CallOptions): Promise<{ completion: Completion }>;
  /** The cached inventory was fetched with a different config (it is still shown until the next start). */
  inventoryStale(name: string): boolean;
  on<E extends keyof PoolEvents>(event: E, listener: (payload: PoolEvents[E]) => void): () => void;
  /** Stops every server (killing process groups). Idempotent. */
  close(): Promise<void>;
}
