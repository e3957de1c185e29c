import type { ConnectClient } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { redact } from '../../../shared/redact';
import { AGENT_HEADER, entryTwin, type AgentStore } from '../../bridge';
import { entryIn } from './client-edit';
import { readClientFile } from './client-file';
import type { ClientContext } from './client-home';
import { clientLocation } from './client-locations';
import { literalToken } from './held-token';
import { entryName } from './client-writer';

/** The agent a helper entry names: `… --agent NAME` as an argument list, or in Claude Code's shell line. */
function helperAgent(entry: object): string | undefined {
  const { args, headersHelper } = entry as { args?: unknown; headersHelper?: unknown };
  if (Array.isArray(args)) {
    const at = args.lastIndexOf('--agent');
    const name: unknown = at >= 0 ? args[at + 1] : undefined;
    if (typeof name === 'string') return name;
  }
  if (typeof headersHelper === 'string') {
    const word = / --agent ('(?:[^']|'\\'')*'|\S+)\s*$/.exec(headersHelper)?.[1];
    if (word !== undefined) return word.startsWith("'") ? word.slice(1, -1).replace(/'\\''/g, "'") : word;
  }
  return undefined;
}

/** The agent a VS Code entry whose token VS Code keeps names in its headers. */
function headerAgent(entry: object): string | undefined {
  const { headers } = entry as { headers?: unknown };
  if (headers === null || typeof headers !== 'object' || !Object.hasOwn(headers, AGENT_HEADER)) return undefined;
  const name: unknown = (headers as Record<string, unknown>)[AGENT_HEADER];
  return typeof name === 'string' ? name : undefined;
}

/**
 * Which agent an entry speaks as: its token's, or the one its helper (or VS Code entry's header) names;
 * undefined when that cannot be told (a VS Code entry written before it named its agent).
 */
export function entryAgent(entry: unknown, agents: AgentStore): string | undefined {
  if (entry === null || typeof entry !== 'object') return undefined;
  const token = literalToken(entry);
  if (token !== undefined) return agents.authenticate(token)?.name;
  return helperAgent(entry) ?? headerAgent(entry);
}

/**
 * Refuses to write over or remove the entry `agent` shares by name with another agent (names that
 * differ only in case, spaces or punctuation, from before `agents add` refused them) unless the entry
 * is `agent`'s own: one agent's client would otherwise speak as the other, or lose its entry.
 */
export async function refuseTwinsEntry(client: ConnectClient, agent: string, agents: AgentStore, ctx: ClientContext): Promise<void> {
  const twin = entryTwin(agent, agents.list().map((a) => a.name));
  if (twin === undefined) return;
  const where = clientLocation(client, ctx);
  let entry: unknown;
  try {
    entry = entryIn((await readClientFile(where.file, ctx.home, ctx.uid)).text, client === 'vscode' ? 'servers' : 'mcpServers', entryName(agent), where.jsonc, where.file);
  } catch {
    // A file we cannot read or parse is refused by the change itself, with its reason.
    return;
  }
  if (entry === undefined) return;
  const owner = entryAgent(entry, agents);
  if (owner === agent) return;
  const whose = owner === twin ? `is agent "${twin}"'s` : `may be agent "${twin}"'s`;
  throw new CodedError('invalid_input', redact(`the entry "${entryName(agent)}" in ${where.file} ${whose}: "${agent}" and "${twin}" differ only in case, spaces or punctuation, so they share one entry`), {
    hint: `Remove one of the two agents and add it again under a name that differs in more than case, spaces or punctuation`,
    data: { agent, other: twin, entry: entryName(agent), file: where.file },
  });
}
