import { ServerNameSchema } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { ALL_SERVERS, AgentNameSchema, AgentsFileSchema, type Agent, type StoredAgent } from './agent-schema';

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
  const parsed = AgentsFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CodedError('invalid_config', `${file} is not a valid agents file: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown'}`, {
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
