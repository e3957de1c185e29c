import { DEFAULT_AGENT_ASKS, type AgentView, type ApiInput } from '../../../shared/api';
import { revealHidden } from '../../../shared/text';

type AgentFields = Omit<ApiInput<'updateAgent'>, 'name'>;
type CodeAgentInput = ApiInput<'declareAgents'>['agents'][string];

const serverWords = (servers: '*' | readonly string[]): string => (servers === '*' ? 'all' : servers.join(', ') || 'none');
/** The same servers in any order: a list is a set of names, so `a, b` after `b, a` is no change. */
function sameServers(a: '*' | readonly string[], b: '*' | readonly string[]): boolean {
  if (a === '*' || b === '*') return a === b;
  const [x, y] = [new Set(a), new Set(b)];
  return x.size === y.size && [...x].every((name) => y.has(name));
}
const onOff = (on: boolean | undefined): string => (on === true ? 'on' : 'off');
const clientWords = (client: AgentFields['client']): string => (client === null || client === undefined ? 'no client' : String(client));

/** `what → after`, or `what before → after` when the agent's setting is known; nothing when it stays. */
function part(what: string, after: string, before: string | undefined): string[] {
  if (before === undefined) return [`${what} → ${after}`];
  return before === after ? [] : [`${what} ${before} → ${after}`];
}

/**
 * Each setting the input gives, in words; servers only when asked (an added agent names them first).
 * Given the agent as it is, only what changes, from what to what: an edit sends every field.
 */
function settingParts(input: AgentFields, withServers: boolean, before?: AgentView): string[] {
  const parts: string[] = [];
  if (withServers && input.servers !== undefined && !(before && sameServers(input.servers, before.servers))) parts.push(...part('servers', serverWords(input.servers), before && serverWords(before.servers)));
  for (const [tier, decision] of Object.entries(input.policy ?? {})) if (decision !== undefined) parts.push(...part(tier, decision, before?.policy[tier as keyof AgentView['policy']]));
  for (const t of input.tools ?? []) {
    const was = before && (Object.hasOwn(before.tools, t.server) && Object.hasOwn(before.tools[t.server] ?? {}, t.tool) ? before.tools[t.server]?.[t.tool] : 'tier default');
    parts.push(...part(`${revealHidden(t.tool)} on ${t.server}`, t.decision ?? 'tier default', was));
  }
  // What servers may ask during its calls widens what reaches the agent or the person (docs/asks.md).
  for (const [ask, decision] of Object.entries(input.asks ?? {})) if (decision !== undefined) parts.push(...part(`${ask} requests`, decision, before && { ...DEFAULT_AGENT_ASKS, ...before.asks }[ask as keyof typeof DEFAULT_AGENT_ASKS]));
  if (input.names !== undefined) parts.push(...part('names', input.names, before && (before.names ?? 'prefixed')));
  if (input.resourceTools !== undefined) parts.push(...part('resource tools', onOff(input.resourceTools), before && onOff(before.resourceTools)));
  if (input.toolMode !== undefined) parts.push(...part('tool mode', input.toolMode, before && (before.toolMode ?? 'all')));
  if (input.listFound !== undefined) parts.push(...part('found tools listed', onOff(input.listFound), before && onOff(before.listFound)));
  if (input.client !== undefined) parts.push(...part('names made for', clientWords(input.client), before && clientWords(before.client)));
  return parts;
}

/** What `updateAgent` changes: every field it gives, or, given the agent as it is, only those that change. */
export function agentChange(input: ApiInput<'updateAgent'>, before?: AgentView): string {
  return settingParts(input, true, before).join('; ') || 'nothing';
}

/** Given the agent as it is, whether `updateAgent` leaves it as it was (an edit form saved unchanged). */
export function agentUnchanged(input: ApiInput<'updateAgent'>, before: AgentView): boolean {
  return settingParts(input, true, before).length === 0;
}

function serversOf(servers: '*' | readonly string[] | undefined): string {
  return servers === '*' ? 'every server' : `servers: ${(servers ?? []).join(', ') || 'none'}`;
}

/** An added agent: its servers, then every setting it is given beyond the defaults. */
export function agentAdded(input: AgentFields): string {
  const parts = settingParts(input, false);
  return `${serversOf(input.servers)}${parts.length > 0 ? ` (${parts.join('; ')})` : ''}`;
}

/** An agent declared in code: as an added one, its per-tool decisions among its settings. */
export function codeAgentAdded(agent: CodeAgentInput): string {
  const tools = Object.entries(agent.tools ?? {}).flatMap(([server, decisions]) => Object.entries(decisions).map(([tool, decision]) => ({ server, tool, decision })));
  const { tokenHash: _hash, tools: _tools, ...rest } = agent;
  return agentAdded({ ...rest, ...(tools.length > 0 ? { tools } : {}) });
}
