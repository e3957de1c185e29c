import { z } from 'zod';
import { ServerNameSchema, ownRecord } from '../config';
import {
  AgentAsksViewSchema,
  AgentClientViewSchema,
  AgentViewSchema,
  AuditEntrySchema,
  AuditOutcomeSchema,
  BridgeInfoSchema,
  ConfigTargetSchema,
  FoundToolViewSchema,
  MAX_FOUND_LIMIT,
  MAX_NEED_LENGTH,
  NameStyleViewSchema,
  PendingApprovalSchema,
  PolicyDecisionSchema,
  TierPolicySchema,
  ToolModeViewSchema,
} from './bridge-views';
import { ClientChangeSchema, ClientInfoSchema, ClientPlanSchema, ConnectClientSchema } from './client-views';
import { CodeAgentSchema } from './code-agent-views';
import { Ok } from './method-schemas';
import { AGENT_NAME, spacedLikeAnother } from './agent-name';

const AgentNameSchema = z.string().regex(AGENT_NAME, 'use 1-64 letters, digits, spaces, "_", "." or "-"');
const NewAgentNameSchema = AgentNameSchema.refine((name) => !spacedLikeAnother(name), 'a name may not end in a space or hold two spaces in a row: it would read like another');

/** The bridge and its agents: agents, their clients' configurations, call approvals, the audit log. */
export const AGENT_METHODS = {
  bridgeInfo: () => ({ input: z.strictObject({}), output: BridgeInfoSchema }),
  /** Paused, the bridge refuses every agent call with `denied`; listings still answer. */
  setBridgePaused: () => ({ input: z.strictObject({ paused: z.boolean() }), output: BridgeInfoSchema }),
  listAgents: () => ({ input: z.strictObject({}), output: z.array(AgentViewSchema) }),
  /** The token is in this answer only; it is stored hashed. */
  addAgent: () => ({
    input: z.strictObject({
      name: NewAgentNameSchema,
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
      agents: ownRecord(AgentNameSchema, CodeAgentSchema).refine((agents) => Object.keys(agents).length <= 100, 'at most 100 agents'),
    }),
    output: Ok,
  }),
  /** Forgets agents declared in code (their program closed); names not declared in code are left alone. */
  forgetAgents: () => ({ input: z.strictObject({ names: z.array(AgentNameSchema).max(100) }), output: Ok }),
  /** A ready-to-paste client configuration; without a token it holds a placeholder. Without `for`, the client its names are made for, else Claude Code's. */
  agentConfig: () => ({
    input: z.strictObject({ name: AgentNameSchema, for: ConfigTargetSchema.optional(), token: z.string().optional() }),
    /**
     * `notes`: the tool mode and the client its names were made for, in words (issue #32). `for`: the
     * client whose configuration this is; `assumed`, when none was asked for: which it assumed and why.
     */
    output: z.object({ text: z.string(), for: ConfigTargetSchema, assumed: z.string().optional(), file: z.string().optional(), notes: z.array(z.string()).optional() }),
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
  /**
   * Agent calls, newest written first, filtered; at most 2 reads run at once (more wait, past a few a
   * `rate_limited` error). Page back with `before` (the `at` of the entry marked `older`).
   */
  readAudit: () => ({
    input: z.strictObject({
      agent: z.string().optional(),
      server: z.string().optional(),
      outcome: AuditOutcomeSchema.optional(),
      limit: z.number().int().min(1).max(5000).optional(),
      /** An entry's `at`: only entries written before it (the next page, when that entry says `older`). */
      before: z.string().regex(/^[0-9a-f]{16}\.\d{1,9}$/).optional(),
    }),
    output: z.array(AuditEntrySchema),
  }),
  /**
   * When each named service was last called (a call that reached it): the Access screen's "last used". The audit is read
   * newest first up to a bound; `since`, when it stopped before the oldest entry: a service not in `used` was not called since then.
   */
  /**
   * What the agent's search_tools answers for a need, as it would now (docs/tool-search.md): the tools it
   * may call that fit, best first, by the names it calls them; or that nothing fits, and the services it may search.
   */
  findAgentTools: () => ({
    input: z.strictObject({
      agent: AgentNameSchema,
      need: z.string().trim().min(1, 'describe the need in words').max(MAX_NEED_LENGTH),
      server: z.string().min(1).max(200).optional(),
      limit: z.number().int().min(1).max(MAX_FOUND_LIMIT).optional(),
    }),
    output: z.object({
      tools: z.array(FoundToolViewSchema),
      nothingFits: z.boolean(),
      /** More were found than one answer of search_tools holds. */
      left: z.number().int(),
      /** When nothing fits: the services the agent may search. */
      services: z.array(z.string()),
      /** Whether its next tools/list offers search_tools: always in search mode; in `auto` and `all` by its listing's size. */
      searchesNow: z.boolean(),
      /** Outside search mode: whether it searches now and why, in words. */
      listingNow: z.string().optional(),
    }),
  }),
  auditLastUse: () => ({
    input: z.strictObject({ servers: z.array(z.string().min(1).max(200)).max(1000) }),
    output: z.object({ used: z.array(z.object({ server: z.string(), time: z.number() })), since: z.number().optional() }),
  }),
};
