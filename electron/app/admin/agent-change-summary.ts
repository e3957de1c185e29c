import type { ApiInput } from '../../../shared/api';
import { revealHidden } from '../../../shared/text';

type AgentFields = Omit<ApiInput<'updateAgent'>, 'name'>;
type CodeAgentInput = ApiInput<'declareAgents'>['agents'][string];

/** Each setting the input gives, in words; servers only when asked (an added agent names them first). */
function settingParts(input: AgentFields, withServers: boolean): string[] {
  const parts: string[] = [];
  if (withServers && input.servers !== undefined) parts.push(`servers → ${input.servers === '*' ? 'all' : input.servers.join(', ') || 'none'}`);
  for (const [tier, decision] of Object.entries(input.policy ?? {})) if (decision !== undefined) parts.push(`${tier} → ${decision}`);
  for (const t of input.tools ?? []) parts.push(`${revealHidden(t.tool)} on ${t.server} → ${t.decision ?? 'tier default'}`);
  // What servers may ask during its calls widens what reaches the agent or the person (docs/asks.md).
  for (const [ask, decision] of Object.entries(input.asks ?? {})) if (decision !== undefined) parts.push(`${ask} requests → ${decision}`);
  if (input.names !== undefined) parts.push(`names → ${input.names}`);
  if (input.resourceTools !== undefined) parts.push(`resource tools → ${input.resourceTools ? 'on' : 'off'}`);
  if (input.toolMode !== undefined) parts.push(`tool mode → ${input.toolMode}`);
  if (input.listFound !== undefined) parts.push(`found tools listed → ${input.listFound ? 'on' : 'off'}`);
  if (input.client !== undefined) parts.push(`names made for → ${input.client === null ? 'no client' : String(input.client)}`);
  return parts;
}

/** What `updateAgent` changes, every field it gives. */
export function agentChange(input: ApiInput<'updateAgent'>): string {
  return settingParts(input, true).join('; ') || 'nothing';
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
