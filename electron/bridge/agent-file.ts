import { statSync } from 'node:fs';
import { ServerNameSchema } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { ALL_SERVERS, AgentAsksSchema, AgentNameSchema, AgentPolicySchema, AgentsFileSchema, DEFAULT_AGENT_ASKS, DEFAULT_POLICY, ToolOverridesSchema } from './agent-schema';
import type { Agent, AgentAsks, AgentInput, AgentUpdate, Decision, StoredAgent } from './agent-schema';
import { clientWithRoom } from './client-names';

/** Parsing and validation of agents.json and of agent input. */

export interface Loaded {
  agents: Map<string, StoredAgent>;
  /** Hex sha256 of a token → its agent and digest: one lookup per request, however many agents. */
  digests: Map<string, { name: string; digest: Buffer }>;
}

export function publicView(stored: StoredAgent): Agent {
  const { tokenHash: _hash, ...agent } = stored;
  return structuredClone(agent);
}

export function index(list: StoredAgent[]): Loaded {
  const agents = new Map(list.map((a) => [a.name, a]));
  const digests: Loaded['digests'] = new Map();
  // Two agents with one hash (a hand-edited file): the first keeps it, as the list order says.
  for (const a of list) if (!digests.has(a.tokenHash)) digests.set(a.tokenHash, { name: a.name, digest: Buffer.from(a.tokenHash, 'hex') });
  return { agents, digests };
}

export function parseFile(text: string, file: string): StoredAgent[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new CodedError('invalid_config', `${file} is not valid JSON`, { hint: `fix it, or move it aside to start with no agents` });
  }
  // jitless: read once at start and after each change; compiling its parser cost more than it saved.
  const parsed = AgentsFileSchema.safeParse(raw, { jitless: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CodedError('invalid_config', `${file} is not a valid agents file: ${issue ? `at ${issue.path.join('.')}, ${issue.message}` : 'unknown'}`, {
      hint: 'fix it, or move it aside to start with no agents',
    });
  }
  return parsed.data.agents;
}

export function validServers(input: string[] | typeof ALL_SERVERS): string[] {
  const servers = typeof input === 'string' ? [input] : input;
  for (const server of servers) {
    if (server !== ALL_SERVERS && !ServerNameSchema.safeParse(server).success) {
      throw new CodedError('invalid_input', redact(`"${server}" is not a server name`), { hint: 'use configured server names, or * for all' });
    }
  }
  return [...new Set(servers)];
}

export function validName(name: string): string {
  if (!AgentNameSchema.safeParse(name).success) {
    throw new CodedError('invalid_input', redact(`"${name}" is not a valid agent name`), {
      hint: 'use 1-64 letters, digits, spaces, "_", "." or "-", starting with a letter or digit',
    });
  }
  return name;
}

/** Which agents lost their token (removed, or another token) and which changed otherwise or are new. */
export function changesBetween(before: ReadonlyMap<string, StoredAgent>, after: ReadonlyMap<string, StoredAgent>): { revoked: string[]; changed: string[] } {
  const revoked: string[] = [];
  const changed: string[] = [];
  for (const [name, old] of before) {
    const now = after.get(name);
    if (!now || now.tokenHash !== old.tokenHash) revoked.push(name);
    else if (JSON.stringify(now) !== JSON.stringify(old)) changed.push(name);
  }
  for (const name of after.keys()) if (!before.has(name)) changed.push(name);
  return { revoked, changed };
}

function ownEntry<V>(record: Record<string, V>, name: string, value: V): void {
  Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
}

/** An agent's per-tool decisions with one set (or removed: null). */
export function withDecision(current: StoredAgent['tools'], server: string, tool: string, decision: Decision | null): StoredAgent['tools'] {
  const tools: StoredAgent['tools'] = structuredClone(current);
  const forServer = Object.hasOwn(tools, server) ? (tools[server] ?? {}) : {};
  // Defined, not assigned: a tool named `__proto__` gets its rule, not a prototype.
  if (decision === null) delete forServer[tool];
  else ownEntry(forServer, tool, decision);
  if (Object.keys(forServer).length === 0) delete tools[server];
  else ownEntry(tools, server, forServer);
  return tools;
}

/** What tells a changed agents.json from the one read last (`none`: no file). */
export function fileStamp(file: string): string {
  try {
    const st = statSync(file);
    return `${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
    throw error;
  }
}

export function agentNotFound(name: string): CodedError {
  return new CodedError('not_found', redact(`no agent named "${name}"`), { hint: 'run `connected-services agents list` to see the agents' });
}

/** A new agent's record from its input, checked; the token only as its digest and hint. */
export function agentRecord(name: string, input: AgentInput & { asks?: Partial<AgentAsks> }, token: { hash: string; hint: string }, at: number): StoredAgent {
  validName(name);
  return {
    name,
    tokenHash: token.hash,
    tokenHint: token.hint,
    createdAt: at,
    tokenCreatedAt: at,
    servers: validServers(input.servers),
    policy: AgentPolicySchema.parse({ ...DEFAULT_POLICY, ...input.policy }),
    tools: ToolOverridesSchema.parse(input.tools ?? {}),
    ...(input.asks !== undefined ? { asks: AgentAsksSchema.parse({ ...DEFAULT_AGENT_ASKS, ...input.asks }) } : {}),
    ...(input.names === 'plain' ? { names: 'plain' as const } : {}),
    ...(input.resourceTools === true ? { resourceTools: true as const } : {}),
    ...(input.toolMode !== undefined && input.toolMode !== 'all' ? { toolMode: input.toolMode } : {}),
    ...(input.listFound === true ? { listFound: true as const } : {}),
    ...(input.client !== undefined ? { client: clientWithRoom(name, input.client) } : {}),
  };
}

/** An agent's record after an update, checked; `servers` and `tools` already validated. */
export function updatedRecord(current: StoredAgent, update: AgentUpdate, servers: StoredAgent['servers'] | undefined, tools: StoredAgent['tools'] | undefined): StoredAgent {
  const next: StoredAgent = {
    ...current,
    servers: servers ?? current.servers,
    policy: AgentPolicySchema.parse({ ...current.policy, ...update.policy }),
    tools: tools ?? current.tools,
  };
  if (update.asks !== undefined) next.asks = AgentAsksSchema.parse({ ...DEFAULT_AGENT_ASKS, ...current.asks, ...update.asks });
  if (update.names === 'plain') next.names = 'plain';
  else if (update.names === 'prefixed') delete next.names;
  if (update.resourceTools === true) next.resourceTools = true;
  else if (update.resourceTools === false) delete next.resourceTools;
  if (update.toolMode === 'all') delete next.toolMode;
  else if (update.toolMode !== undefined) next.toolMode = update.toolMode;
  if (update.listFound === true) next.listFound = true;
  else if (update.listFound === false) delete next.listFound;
  if (update.client === null) delete next.client;
  // Checked only when it changes: an edit that resends an agent's client (the app's dialog does) keeps it as it was.
  else if (update.client !== undefined) next.client = update.client === current.client ? current.client : clientWithRoom(current.name, update.client);
  return next;
}
