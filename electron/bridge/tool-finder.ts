import { agentSafe, cutTitle } from '../../shared/text';
import { SearchIndex, searchTools, type ToolDoc } from '../tool-search';
import { agentToolNames } from './agent-names';
import type { Agent, Tier } from './agent-schema';
import { judgeTool } from './policy';
import { foundSchema, withinAnswer } from './found-bounds';
import { callToolFor } from './search-tools';
import type { ToolEntry } from './tool-index';
import type { Usage } from './usage-counts';

/** One tool found for an agent, as search_tools answers it. */
export interface FoundTool {
  /** Its bridge name (the tool index's key); not shown to the agent. */
  id: string;
  /** The name to call it by (the agent's own name for it). */
  name: string;
  server: string;
  title?: string;
  description?: string;
  tier: Tier;
  /** The call tool that accepts it. */
  call: string;
  /** Present when calling it waits for the person. */
  approval?: 'asked';
  inputSchema: Record<string, unknown>;
}

/** Descriptions longer than this are cut in results: an agent reads them, a server writes them. */
const MAX_DESCRIPTION = 1_000;

interface Built {
  search: SearchIndex;
  ids: string[];
  /** The servers' descriptions it was built with: one changed in mcp.json is taken in place, without a new tool index. */
  descriptions: string;
}

/** The search index of one tool index, built at the first search after inventories change (ToolIndex replaces its map then). */
const built = new WeakMap<ReadonlyMap<string, ToolEntry>, Built>();

/** Server name → its description, as a key: the same descriptions give the same string. */
function descriptionsKey(descriptions: ReadonlyMap<string, string>): string {
  return JSON.stringify([...descriptions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function searchIndexOf(index: ReadonlyMap<string, ToolEntry>, descriptions: ReadonlyMap<string, string>): Built {
  const key = descriptionsKey(descriptions);
  let known = built.get(index);
  if (known === undefined || known.descriptions !== key) {
    const ids = [...index.keys()];
    const docs: ToolDoc[] = ids.map((id) => {
      const entry = index.get(id) as ToolEntry;
      return {
        id,
        server: entry.server,
        name: entry.info.name,
        title: entry.info.title ?? entry.info.annotations?.title,
        description: entry.info.description,
        inputSchema: entry.info.inputSchema,
        serverDescription: descriptions.get(entry.server),
      };
    });
    known = { search: new SearchIndex(docs), ids, descriptions: key };
    built.set(index, known);
  }
  return known;
}

const NONE: ReadonlyMap<string, string> = new Map();

export interface FindOptions {
  need: string;
  server?: string;
  limit: number;
  used: (server: string, tool: string) => Usage;
  /** Whether tools only an app may call are found (the client hosts MCP Apps, SEP-1865 §visibility). */
  appOnly?: boolean;
  /** Each server's `description` in mcp.json (the person's words for it), searched with its name. */
  serverDescriptions?: ReadonlyMap<string, string>;
  /** Only these servers' tools (a mixed listing's searched servers: the others' are listed). */
  servers?: readonly string[];
}

/**
 * The best tools for a need among those the agent may call: a tool it may not call is never scored.
 * Each bounded (found-bounds.ts), and as many as fit one answer; `left`: how many more were found.
 */
export function findTools(index: ReadonlyMap<string, ToolEntry>, agent: Readonly<Agent>, options: FindOptions): { tools: FoundTool[]; nothingFits: boolean; left: number } {
  const { search, ids } = searchIndexOf(index, options.serverDescriptions ?? NONE);
  const entryAt = (doc: number): ToolEntry | undefined => {
    const id = ids[doc];
    return id === undefined ? undefined : index.get(id);
  };
  const answer = searchTools(search, options.need, {
    limit: options.limit,
    admit: (doc) => {
      const entry = entryAt(doc);
      if (entry === undefined || (options.server !== undefined && entry.server !== options.server)) return false;
      if (options.servers !== undefined && !options.servers.includes(entry.server)) return false;
      if (options.appOnly !== true && entry.info.app !== undefined && !entry.info.app.visibility.includes('model')) return false;
      const verdict = judgeTool(agent, entry.server, entry.info, entry.tier);
      return verdict !== undefined && verdict.decision !== 'deny';
    },
    used: (doc) => {
      const entry = entryAt(doc);
      return entry === undefined ? { agent: 0, person: 0 } : options.used(entry.server, entry.info.name);
    },
  });
  const names = agentToolNames(index, agent);
  const tools: FoundTool[] = [];
  for (const hit of answer.hits) {
    const id = ids[hit.doc];
    const entry = entryAt(hit.doc);
    const verdict = entry && judgeTool(agent, entry.server, entry.info, entry.tier);
    if (id === undefined || entry === undefined || verdict === undefined || verdict.decision === 'deny') continue;
    const found: FoundTool = { id, name: names.shown(id), server: entry.server, tier: verdict.tier, call: callToolFor(verdict.tier), inputSchema: foundSchema(entry.listed.inputSchema) };
    // Cut again: an inventory cache written before titles were cut at the pool still holds them whole.
    if (entry.info.title !== undefined) found.title = agentSafe(cutTitle(entry.info.title));
    const description = entry.info.description;
    if (description !== undefined && description !== '') found.description = agentSafe(description.length > MAX_DESCRIPTION ? `${description.slice(0, MAX_DESCRIPTION)}…` : description);
    if (verdict.decision === 'ask') found.approval = 'asked';
    tools.push(found);
  }
  const { kept, left } = withinAnswer(tools);
  return { tools: kept, nothingFits: answer.nothingFits, left };
}
