import type { ListingBound } from '../../shared/api';
import type { CoreEnvOptions } from '../../shared/core-env';
import type { Pool } from '../pool';
import type { AgentQuery, AgentSearchAnswer } from './agent-search';
import type { ListingNow } from './agent-tools';
import type { AgentStore } from './agent-store';
import type { CallApprovalQueue } from './call-approval-queue';
import type { AuditLog } from './audit-log';
import type { WithheldResource } from './withheld-resources';

/** The core's environment (agents.json and audit/ live in its `dataDir`; its log is redacted), resolved once in createBridge. */
export interface BridgeOptions extends CoreEnvOptions {
  pool: Pool;
  /** The pins' word on a listed resource the person has not approved (its read is refused, through templates too). */
  withheldResource?: WithheldResource;
  /** Default DEFAULT_BRIDGE_PORT; 0 picks a free one. The host is always 127.0.0.1. */
  port?: number;
  /** How long an `ask` call waits for the person before it is denied. Default 120 s. */
  approvalTimeoutMs?: number;
  /**
   * How long a 2026-07-28 agent has to retry a call that answered `input_required` before the call is
   * cancelled. Default 5 min. A function is asked at each round (`settings.inputRoundWindowMs`).
   */
  inputRoundWindowMs?: number | (() => number | undefined);
  /**
   * How a round gathers a 2025-era server's requests for a 2026-07-28 agent: it ends after `quietMs`
   * with no new one (default 250), or `maxMs` after the first (default 2 s). Asked at each round
   * (`settings.inputRoundQuietMs`, `settings.inputRoundGatherMaxMs`; round-gathering.ts).
   */
  inputRoundGather?: () => { quietMs?: number | undefined; maxMs?: number | undefined } | undefined;
  /**
   * Serve a 2026-07-28 agent's first-round tools/call on the bridge's own lane (default true); false
   * sends every 2026-07-28 request through the SDK's handler (the lane's equivalence tests compare the two).
   */
  modernLane?: boolean;
  /** Told of each request the lane served (tests show that a guard ran on the lane, not only on the SDK's path). */
  laneServed?: (agent: string) => void;
  /**
   * Record arguments and results (redacted) in the audit log and approval events. Default false.
   * A function is asked at each call, so a setting changed while running applies at once.
   */
  auditArguments?: boolean | (() => boolean);
  /** Larger request bodies get 413. Default 4 MiB. */
  maxBodyBytes?: number;
  /** Connections open at once; default MAX_LOOPBACK_CONNECTIONS (electron/net). */
  maxConnections?: number;
  /** serverInfo.version announced to agents. */
  version?: string;
  /** Past this many sessions of one agent, its least recently used one is closed. Default and most: half its connection share (128; agent-share.ts). */
  maxSessionsPerAgent?: number;
  /** Sessions unused this long are closed. Default 12 h. */
  sessionIdleMs?: number;
  /**
   * The audit log, opened and closed by the caller: the bridge's close leaves it open, so what is written
   * after it (a server's request the pool's close meets) still lands. Default: its own, closed with it.
   */
  audit?: AuditLog;
  /** Audit rotation of its own audit log: file size and rotated files kept. Default 5 MiB, 5. */
  auditMaxBytes?: number;
  auditKeep?: number;
  /**
   * Serve only the agents declared in code: a program's own bridge (docs/library.md). agents.json's
   * agents are the person's, whose asks the person answers in the app, never a program.
   */
  codeAgentsOnly?: boolean;
  /** Whether the program that declared an agent in code still runs: looked at on each of its requests (docs/library.md). */
  agentAlive?: (agent: string) => boolean;
}

export interface BridgeConnection {
  agent: string;
  /** The MCP client's own name and version (from initialize), when it gave them. */
  client?: { name: string; version: string };
  lastSeen: number;
}

export interface Bridge {
  /** `http://127.0.0.1:<port>/mcp` */
  readonly url: string;
  readonly port: number;
  readonly agents: AgentStore;
  readonly approvals: CallApprovalQueue;
  readonly audit: AuditLog;
  readonly paused: boolean;
  /** Refuses every call (tools, resources, prompts) with `denied` until resume(); listings still answer. */
  pause(): void;
  resume(): void;
  /** Agents connected now, one row per session. */
  connections(): BridgeConnection[];
  /** When the agent's token was last accepted (since this bridge started), or undefined. */
  lastUsedAt(agent: string): number | undefined;
  /** The MCP revision the agent's last session spoke (`2025-11-25`), across restarts, or undefined. */
  protocolOf(agent: string): string | undefined;
  /** When any agent's token was last accepted (since this bridge started), or undefined. */
  lastRequestAt(): number | undefined;
  /** The server and tool behind a bridge tool name (`<server>__<tool>`), from the cached inventories. */
  toolOf(bridgeName: string): Promise<{ server: string; tool: string } | undefined>;
  /** The bridge name of a server's tool, when it is in the cached inventories. */
  bridgeNameOf(server: string, tool: string): Promise<string | undefined>;
  /**
   * For an agent with plain names: its tools' and prompts' bridge names that keep their prefix,
   * because another of its servers offers the same name (agent-names.ts). Empty otherwise.
   */
  keptPrefix(agent: string): Promise<string[]>;
  /** For an `all` agent: the servers it searches because their tools pass the listing bound, with their size (listing-scope.ts). */
  listingBound(agent: string): Promise<ListingBound | undefined>;
  /** Whether the agent's next tools/list offers search_tools, and the size of the tools it lists (agent-tools.ts); undefined for no such agent. */
  listingNow(agent: string): Promise<ListingNow | undefined>;
  /** What the agent's search_tools would answer now (its use counts included); undefined for no such agent. */
  searchAs(agent: string, query: AgentQuery): Promise<AgentSearchAnswer | undefined>;
  /** Forget cached listings and send list_changed to every session (e.g. after a config change). */
  refresh(): void;
  /** Closes sessions, the listener, pending approvals (denied) and its own audit log (not one given). Idempotent. */
  close(): Promise<void>;
}
