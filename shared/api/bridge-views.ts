import { z } from 'zod';
import { ownRecord } from '../config';
import { ErrorCodeSchema } from '../errors';
import { CONFIG_TARGETS, NAME_CLIENTS, type AgentClientId, type NameClient } from './agent-clients';
import { AskOutcomeSchema } from './ask-views';
import { lazySchema } from './lazy-schema';

export const POLICY_DECISIONS = ['allow', 'ask', 'deny'] as const;
export const PolicyDecisionSchema = lazySchema(() => z.enum(POLICY_DECISIONS));
export type PolicyDecision = z.infer<typeof PolicyDecisionSchema>;

/** What an agent may do per tier of tool: read-only, write, destructive. */
export const TierPolicySchema = lazySchema(() => z.strictObject({
  read: PolicyDecisionSchema,
  write: PolicyDecisionSchema,
  destructive: PolicyDecisionSchema,
}));
export type TierPolicy = z.infer<typeof TierPolicySchema>;

export const AgentAsksViewSchema = lazySchema(() => z.strictObject({ elicitation: z.enum(['allow', 'deny']), sampling: z.enum(['ask', 'deny']), roots: z.enum(['allow', 'deny']) }));
export type AgentAsksView = z.infer<typeof AgentAsksViewSchema>;
/**
 * An agent's asks when its file names none: elicitation to it, sampling approved by the person per
 * request, roots (for a server whose entry names none) from its client when it declared them.
 */
export const DEFAULT_AGENT_ASKS: AgentAsksView = { elicitation: 'allow', sampling: 'ask', roots: 'allow' };

export const NAME_STYLES = ['prefixed', 'plain'] as const;
export const NameStyleViewSchema = lazySchema(() => z.enum(NAME_STYLES));
export type NameStyleView = (typeof NAME_STYLES)[number];

/** What an agent's tools/list holds (issue #32): all its tools, a search and call tools, or search past a size. */
export const TOOL_MODES = ['all', 'search', 'auto'] as const;
export const ToolModeViewSchema = lazySchema(() => z.enum(TOOL_MODES));
export type ToolModeView = (typeof TOOL_MODES)[number];

/** Clients whose prefix an agent's names are made to fit (docs/tool-search.md); or a prefix length. */
export const MAX_CLIENT_PREFIX = 40;
export const AgentClientViewSchema = lazySchema(() => z.union([z.enum(NAME_CLIENTS), z.number().int().min(0).max(MAX_CLIENT_PREFIX)]));
export type AgentClientView = NameClient | number;

export const AgentViewSchema = lazySchema(() => z.object({
  name: z.string(),
  /** Servers this agent may use; `*` for all. */
  servers: z.union([z.literal('*'), z.array(z.string())]),
  policy: TierPolicySchema,
  /** Per-tool overrides: server → tool (its name on that server) → decision. */
  tools: ownRecord(z.string(), ownRecord(z.string(), PolicyDecisionSchema)),
  createdAt: z.number(),
  lastUsedAt: z.number().optional(),
  /** The MCP revision its last session spoke (`2025-11-25`), while the app runs. */
  protocol: z.string().max(40).optional(),
  /** Servers' requests during its calls: elicitation to the agent (`allow`) or always the person; sampling approved by the person per request (`ask`) or refused. */
  asks: AgentAsksViewSchema.optional(),
  /** The names it sees: `prefixed` (`<service>__<name>`, absent means this) or `plain` (each its own where none collide). */
  names: NameStyleViewSchema.optional(),
  /** With plain names: the names that keep their prefix because two of its services offer them (while the app runs). */
  keptPrefix: z.array(z.string()).optional(),
  /** True: it is also offered list_resources, read_resource and get_prompt as tools, for clients that use tools only (absent means off). */
  resourceTools: z.boolean().optional(),
  /** `search` or `auto` (absent means `all`): its listing is search_tools and call tools (docs/tool-search.md). */
  toolMode: ToolModeViewSchema.optional(),
  /** In `all` mode: the services whose tools it finds by searching because they pass the listing bound (MAX_AGENT_LISTING_BYTES), `*` for all of them (while the app runs). */
  boundSearched: z.union([z.literal('*'), z.array(z.string())]).optional(),
  /** In `auto` mode: whether its next listing searches, and the count and estimated tokens of its tools, which decide it. */
  autoListing: z.object({ searches: z.boolean(), tools: z.number().int(), tokens: z.number().int() }).optional(),
  /** True: while it searches, the tools its searches found join its listing (list_changed; absent means off, docs/tool-search.md). */
  listFound: z.boolean().optional(),
  /** The client its names are made to fit within 64 characters with that client's prefix (absent: none). */
  client: AgentClientViewSchema.optional(),
  /** Declared by a program in code (docs/library.md): not editable or removable from the app or the command line. */
  fromCode: z.boolean().optional(),
}));
export type AgentView = z.infer<typeof AgentViewSchema>;

export const ConfigTargetSchema = lazySchema(() => z.enum(CONFIG_TARGETS));
export type ConfigTarget = AgentClientId;

export const APPROVAL_KINDS = ['tool', 'resource', 'prompt'] as const;

export const PendingApprovalSchema = lazySchema(() => z.object({
  id: z.string(),
  agent: z.string(),
  server: z.string(),
  /** What the agent wants: a tool call, a resource read (tool holds the URI) or a prompt. */
  kind: z.enum(APPROVAL_KINDS),
  /** The tool or prompt name on its server, or the resource URI (redacted). */
  tool: z.string(),
  tier: z.enum(['read', 'write', 'destructive']),
  requestedAt: z.number(),
  expiresAt: z.number(),
  /**
   * A tool call's or prompt's arguments, always (whatever settings.auditArguments says): what the
   * person consents to. Redacted; a long value is cut and says so (`[cut: N more characters]`).
   */
  arguments: z.record(z.string(), z.unknown()).optional(),
  /** Why the call is held whatever its tier (or refused): what it sends (its arguments, the name or address it asks for, an agent's answer) holds a value we hold (a vault secret, a sign-in token, an environment variable, a store entry, or a former value of one; names it, never the value). */
  warning: z.string().optional(),
}));
export type PendingApproval = z.infer<typeof PendingApprovalSchema>;

export const AUDIT_OUTCOMES = ['ok', 'tool_error', 'error', 'denied', 'cancelled'] as const;
export const AuditOutcomeSchema = lazySchema(() => z.enum(AUDIT_OUTCOMES));
/** ok; tool_error: the tool answered with isError; error: a coded failure; denied: policy or person; cancelled: by the agent. */
export type AuditOutcome = z.infer<typeof AuditOutcomeSchema>;

/**
 * What the listing bound changed for an `all` agent (docs/bridge.md, "Limits on what servers list"):
 * the servers it searches instead of listing, each with the serialized bytes of the tools it would list.
 */
export const ListingBoundSchema = lazySchema(() => z.object({
  /** Empty: it lists every tool again. */
  searched: z.array(z.object({ server: z.string(), bytes: z.number().int().nonnegative() })),
  /** Every server is searched: the others' tools passed the bound together too. */
  every: z.boolean(),
  /** The bound they passed, in bytes. */
  boundBytes: z.number().int().positive(),
}));
export type ListingBound = z.infer<typeof ListingBoundSchema>;
export const AgentListingBoundSchema = lazySchema(() => ListingBoundSchema.extend({ agent: z.string() }));
export type AgentListingBound = z.infer<typeof AgentListingBoundSchema>;

/** What an audited request of a server names as its call when it came outside any call (no agent's, no person's). */
export const OUTSIDE_ANY_CALL = '(outside any call)';

/** One agent call as the audit log keeps it: never arguments or results unless the person turned that on. */
export const AuditEntrySchema = lazySchema(() => z.object({
  /** ms since epoch, when the call arrived. */
  time: z.number(),
  agent: z.string(),
  server: z.string(),
  /** elicitation, sampling and roots: a server's request during a call (`agent` is empty outside an agent's call; roots are audited only within one). */
  /** listing: the listing bound changed what the agent lists (`listing`); `tool` is `tools/list`. */
  /** request: a request refused before its token was read, for naming the bridge by `localhost` or `[::1]`; `tool` is its Host or its page's Origin, `agent` empty. */
  kind: z.enum(['tool', 'resource', 'prompt', 'elicitation', 'sampling', 'roots', 'listing', 'request']),
  /** The tool or prompt name on its server, or the resource URI; for a server's request, the call it belongs to. */
  tool: z.string(),
  /** From arrival to the answer, any wait for the person included. */
  durationMs: z.number(),
  /** The call itself (the server's part), the wait apart; absent when the call never ran. */
  callMs: z.number().optional(),
  /** How long the call waited for the person's approval; absent when nobody was asked. */
  waitMs: z.number().optional(),
  /** The tier the agent's policy judged the call by. */
  tier: z.enum(['read', 'write', 'destructive']).optional(),
  /** What the agent's policy went by: its tier's setting or a rule for this one tool (an "always allow", a block). */
  decidedBy: z.enum(['tier', 'rule']).optional(),
  /** Why the call was held for the person whatever its tier: its arguments held a value we hold (a vault secret, a sign-in token, an environment variable, a store entry, or a former value of one; names it, never the value). */
  warning: z.string().optional(),
  outcome: AuditOutcomeSchema,
  errorCode: ErrorCodeSchema.optional(),
  /** How the call got its permission when the person was asked. */
  approval: z.enum(['person', 'remembered', 'timeout', 'cancelled', 'gone', 'closed', 'paused', 'flood']).optional(),
  /** A server's request: how it ended and who answered; never the values. */
  answer: AskOutcomeSchema.optional(),
  /** `config`: the roots the server's entry names (mcp.json), given whoever called. */
  answeredBy: z.enum(['agent', 'person', 'nobody', 'config']).optional(),
  /** roots/list: how many roots the server got; never their paths. */
  roots: z.number().int().nonnegative().optional(),
  /** A server's requests (roots/list, elicitation, sampling): this entry stands for this many of them, in one call or one minute (the first one's answer shown). */
  requests: z.number().int().positive().optional(),
  /** Who asked when no agent did: `app`, an MCP App shown in this app (callAppTool), `agent` then empty. */
  via: z.enum(['app']).optional(),
  /** Only with argument recording on, redacted. */
  arguments: z.unknown().optional(),
  result: z.unknown().optional(),
  /** Arguments and result were left out: `flood`, the agent had recorded 256 KiB of them that minute; `answer`, this readAudit answer had reached its size (the file keeps them). */
  leftOut: z.enum(['flood', 'answer']).optional(),
  /** This line stands for this many calls of the agent with this outcome (past the first 600), refusals of the agent (past the first 20; of a `request`, past the first) or listing switches (past the first 6) in one minute, the first of them shown. */
  repeated: z.number().int().positive().optional(),
  /** A count of a minute not over yet (with `repeated` or `requests`): read as it stands, written to the file when the minute ends. */
  counting: z.literal(true).optional(),
  /** kind `listing`: the servers the agent searches now instead of listing their tools, and why (their size). */
  listing: ListingBoundSchema.optional(),
  /** readAudit: where the line is in the audit, in write order (absent on a `counting` entry, not written yet). */
  at: z.string().max(40).optional(),
  /** readAudit: on the answer's oldest written entry, when older ones match too: ask again with `before` set to its `at`. */
  older: z.literal(true).optional(),
}));
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const BridgeInfoSchema = lazySchema(() => z.object({
  running: z.boolean(),
  paused: z.boolean(),
  /** The MCP endpoint agents connect to (`http://127.0.0.1:<port>/mcp`). */
  url: z.string().optional(),
  error: z.string().optional(),
}));
export type BridgeInfo = z.infer<typeof BridgeInfoSchema>;

/** The states of a device-code login (RFC 8628) as the DeviceLogin screen and the CLI show them. */
export const DEVICE_LOGIN_STATES = ['pending', 'slow_down', 'approved', 'denied', 'expired', 'cancelled', 'failed'] as const;
export const DeviceLoginSchema = lazySchema(() => z.object({
  server: z.string(),
  state: z.enum(DEVICE_LOGIN_STATES),
  userCode: z.string().optional(),
  /** Validated by the core (https:, or http: to loopback) before it reaches the UI. */
  verificationUri: z.string().optional(),
  verificationUriComplete: z.string().optional(),
  /** The origin of a complete address dropped for not being the verification address's (RFC 8628 §3.3.1). */
  ignoredCompleteOrigin: z.string().max(2048).optional(),
  expiresAt: z.number().optional(),
  /** Seconds between polls, as the server last asked. */
  intervalSeconds: z.number().optional(),
  message: z.string().optional(),
  /**
   * The authorization server's page about the error that ended it (RFC 8628 §3.5, RFC 6749 §5.2
   * `error_uri`): checked by the core as a failed sign-in's is, shown as a link, never opened.
   */
  errorUri: z.string().max(2048).optional(),
}));
export type DeviceLogin = z.infer<typeof DeviceLoginSchema>;

/** A server's credential as status shows it: never the token itself. */
export const AuthInfoSchema = lazySchema(() => z.object({
  connected: z.boolean(),
  /** The entry's `auth.type` when it names one (absent: the server asked for a sign-in with a 401). */
  kind: z.enum(['oauth', 'device', 'client_credentials', 'api_key']).optional(),
  issuer: z.string().optional(),
  /** The account signed in, when the issuer named it (userinfo's or the ID Token's email, username, name or subject); absent: unknown. */
  account: z.string().optional(),
  expiresAt: z.number().optional(),
  /**
   * The credential renews without the person when its access token runs out: a refresh token is held,
   * or the client credentials grant asks again (RFC 6749 §6, §4.4). False for an API key; absent is read as false.
   */
  refreshable: z.boolean().optional(),
  scopes: z.array(z.string()).optional(),
  /**
   * After a 403 insufficient_scope (step-up): the scopes the server named that the credential lacks;
   * the next sign-in asks for them with the ones held. Absent when nothing more is needed.
   */
  pendingScopes: z.array(z.string()).optional(),
  /**
   * Other services signed in at the same issuer with the same client: at many servers one grant, so
   * "revoke" then deletes the tokens here without revoking them, and the others keep working.
   */
  sharesGrantWith: z.array(z.string()).optional(),
  /** A program on this computer gets the refresh token itself (Google's authorized_user credential file). */
  refreshTokenShared: z.literal(true).optional(),
}));
export type AuthInfo = z.infer<typeof AuthInfoSchema>;

/**
 * The scopes a server asked for and its credential lacks (step-up), empty when it needs no more
 * access; a server may name scopes already asked for, so all pending ones are shown then.
 */
export function moreAccessNeeded(auth: AuthInfo | undefined): string[] {
  const pending = auth?.pendingScopes ?? [];
  const missing = pending.filter((scope) => !(auth?.scopes ?? []).includes(scope));
  return missing.length > 0 ? missing : pending;
}

/** search_tools' bounds (issue #32): the longest need, and the most tools one answer names. */
export const MAX_NEED_LENGTH = 500;
export const MAX_FOUND_LIMIT = 20;

/** A tool an agent's search found, as the person is shown it (findAgentTools). */
export const FoundToolViewSchema = lazySchema(() => z.object({
  /** The name the agent calls it by. */
  name: z.string(),
  server: z.string(),
  /** Its own name on its server. */
  tool: z.string(),
  title: z.string().optional(),
  tier: z.enum(['read', 'write', 'destructive']),
  /** Calling it waits for the person. */
  approval: z.literal('asked').optional(),
}));
export type FoundToolView = z.infer<typeof FoundToolViewSchema>;
