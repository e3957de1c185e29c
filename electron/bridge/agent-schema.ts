import { z } from 'zod';
import { AGENT_NAME, MAX_CLIENT_PREFIX, NAME_CLIENTS, TOOL_MODES } from '../../shared/api';
import { ownRecord } from '../../shared/config';

export const DECISIONS = ['allow', 'ask', 'deny'] as const;
export const DecisionSchema = z.enum(DECISIONS);
/** What happens when an agent calls a tool: go ahead, wait for the person, or refuse. */
export type Decision = z.infer<typeof DecisionSchema>;

export const TIERS = ['read', 'write', 'destructive'] as const;
export type Tier = (typeof TIERS)[number];

export const AgentPolicySchema = z.strictObject({
  read: DecisionSchema,
  write: DecisionSchema,
  destructive: DecisionSchema,
});
export type AgentPolicy = z.infer<typeof AgentPolicySchema>;

/** Reads go through, anything that changes something waits for the person. */
export const DEFAULT_POLICY: AgentPolicy = { read: 'allow', write: 'ask', destructive: 'ask' };

/** As the App API accepts them (shared/api): shown to the person, never used as an identifier elsewhere. */
export { AGENT_NAME };
export const AgentNameSchema = z
  .string()
  .regex(AGENT_NAME, 'use 1-64 letters, digits, spaces, "_", "." or "-", starting with a letter or digit');

/** In `servers`, this stands for every configured server. */
export const ALL_SERVERS = '*';

/** Per server, per tool: a decision that wins over the tier policy (a tool may be named `__proto__`). */
export const ToolOverridesSchema = ownRecord(z.string(), ownRecord(z.string(), DecisionSchema));
export type ToolOverrides = z.infer<typeof ToolOverridesSchema>;

/**
 * Whether servers' requests made during this agent's calls may go to it: elicitation `allow` (to the
 * agent when its client can, else the person) or `deny` (always the person); sampling `ask` (the
 * person approves each request) or `deny`.
 */
export const AgentAsksSchema = z.strictObject({
  elicitation: z.enum(['allow', 'deny']),
  sampling: z.enum(['ask', 'deny']),
  /** Absent in files of earlier releases: DEFAULT_AGENT_ASKS' (`allow`). */
  roots: z.enum(['allow', 'deny']).optional(),
});
export type AgentAsks = z.infer<typeof AgentAsksSchema>;

/** An agent's settings for servers' requests, each one the default where its record names none. */
export function asksOf(asks: AgentAsks | undefined): { elicitation: AgentAsks['elicitation']; sampling: AgentAsks['sampling']; roots: NonNullable<AgentAsks['roots']> } {
  return { elicitation: asks?.elicitation ?? DEFAULT_ASKS.elicitation, sampling: asks?.sampling ?? DEFAULT_ASKS.sampling, roots: asks?.roots ?? DEFAULT_ASKS.roots };
}
/** One default for the core and the screens. */
export { DEFAULT_AGENT_ASKS } from '../../shared/api';
import { DEFAULT_AGENT_ASKS as DEFAULT_ASKS } from '../../shared/api';

/** The names an agent sees: `<server>__<name>` always, or a tool's own name where it collides with none (agent-names.ts). */
export const NAME_STYLES = ['prefixed', 'plain'] as const;
export const NameStyleSchema = z.enum(NAME_STYLES);
export type NameStyle = z.infer<typeof NameStyleSchema>;

/** What an agent's tools/list holds (tool-mode.ts). */
export const ToolModeSchema = z.enum(TOOL_MODES);
export type ToolMode = z.infer<typeof ToolModeSchema>;
/** The client whose prefix its names fit (client-names.ts), or a prefix length. */
export const AgentClientSchema = z.union([z.enum(NAME_CLIENTS), z.number().int().min(0).max(MAX_CLIENT_PREFIX)]);
export type AgentClient = z.infer<typeof AgentClientSchema>;

export const StoredAgentSchema = z.strictObject({
  name: AgentNameSchema,
  /** sha256 of the token, hex; the token itself is never stored. */
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The token's first characters, so the person can tell which config holds which token. */
  tokenHint: z.string().max(20),
  createdAt: z.number(),
  tokenCreatedAt: z.number(),
  servers: z.array(z.string().min(1)),
  policy: AgentPolicySchema,
  tools: ToolOverridesSchema,
  /** Absent: DEFAULT_AGENT_ASKS. */
  asks: AgentAsksSchema.optional(),
  /** Absent: `prefixed`. */
  names: NameStyleSchema.optional(),
  /** True: its listing adds list_resources, read_resource and get_prompt, for clients that use tools only (resource-tools.ts). Absent: off. */
  resourceTools: z.literal(true).optional(),
  /** `search` or `auto`: its listing is a search and call tools (tool-mode.ts). Absent: `all`. */
  toolMode: ToolModeSchema.exclude(['all']).optional(),
  /** True: while it searches, the tools its searches found join its listing, and its clients hear list_changed (found-listing.ts). Absent: off. */
  listFound: z.literal(true).optional(),
  /** The client its names are made for (client-names.ts). Absent: none, names within 64. */
  client: AgentClientSchema.optional(),
});
export type StoredAgent = z.infer<typeof StoredAgentSchema>;

export const AGENTS_FILE_VERSION = 1;
export const AgentsFileSchema = z.strictObject({
  version: z.literal(AGENTS_FILE_VERSION),
  agents: z.array(StoredAgentSchema),
});
export type AgentsFile = z.infer<typeof AgentsFileSchema>;

/** An agent as the UI and the CLI see it: everything but the token hash. */
/** `fromCode`: declared by a program (openConnectedServices), held in memory, not editable from the app or the command line. */
export type Agent = Omit<StoredAgent, 'tokenHash'> & { fromCode?: true };

export interface AgentInput {
  /** Server names, or `*` (alone or in the list) for all. */
  servers: string[] | typeof ALL_SERVERS;
  /** Missing tiers take DEFAULT_POLICY. */
  policy?: Partial<AgentPolicy>;
  tools?: ToolOverrides;
  names?: NameStyle;
  resourceTools?: boolean;
  toolMode?: ToolMode;
  listFound?: boolean;
  client?: AgentClient;
}

export interface AgentUpdate {
  servers?: string[] | typeof ALL_SERVERS;
  policy?: Partial<AgentPolicy>;
  tools?: ToolOverrides;
  asks?: Partial<AgentAsks>;
  names?: NameStyle;
  resourceTools?: boolean;
  toolMode?: ToolMode;
  listFound?: boolean;
  /** null forgets it. */
  client?: AgentClient | null;
}
