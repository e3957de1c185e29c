import type { Tool } from '@modelcontextprotocol/server';
import { MAX_NEED_LENGTH } from '../../shared/api';
import { joinedList } from '../../shared/text';
import { MAX_LIMIT } from '../tool-search';
import type { Agent, Tier } from './agent-schema';
import { judgeTool } from './policy';
import type { ToolEntry } from './tool-index';

/**
 * The tools an agent in search mode lists instead of its services' tools (issue #32): one search,
 * and one call tool per tier, as MCPProxy splits them: a client that asks its user per tool name
 * (Claude Code, Cursor) can then be told "always allow" reads without allowing deletes.
 */
export const SEARCH_TOOL = 'search_tools';
export const CALL_TOOLS: Readonly<Record<Tier, string>> = { read: 'call_read_tool', write: 'call_write_tool', destructive: 'call_destructive_tool' };
export const SEARCH_TOOL_NAMES: readonly string[] = [SEARCH_TOOL, ...Object.values(CALL_TOOLS)];

const TIER_ORDER: readonly Tier[] = ['read', 'write', 'destructive'];

const SEARCH: Omit<Tool, 'description'> = {
  name: SEARCH_TOOL,
  title: 'Find tools',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', maxLength: MAX_NEED_LENGTH, description: 'what you need to do, in words (e.g. "open an issue in a GitHub repository")' },
      server: { type: 'string', description: 'only tools of this service' },
      limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, description: 'how many tools at most (default 5)' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};

const WHAT: Readonly<Record<Tier, string>> = {
  read: 'a tool that only reads',
  write: 'a tool that changes something (or one that only reads)',
  destructive: 'a tool that deletes or overwrites (or any other)',
};

function callTool(tier: Tier): Tool {
  return {
    name: CALL_TOOLS[tier],
    title: `Call a ${tier} tool`,
    description:
      `Calls ${WHAT[tier]} that search_tools found, by its name, with its arguments. ` +
      'Passes the same checks as calling it directly: some calls wait for the person to approve them; a refused call says why.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'the tool name, as search_tools gave it' },
        arguments: { type: 'object', description: "the tool's arguments, as its input schema says" },
      },
      required: ['name'],
      additionalProperties: false,
    },
    annotations:
      tier === 'read'
        ? { readOnlyHint: true, destructiveHint: false, openWorldHint: true }
        : { readOnlyHint: false, destructiveHint: tier === 'destructive', openWorldHint: true },
  };
}
const CALLS: Readonly<Record<Tier, Tool>> = { read: callTool('read'), write: callTool('write'), destructive: callTool('destructive') };

/** The tier's call tool accepts tools of its tier and lower ones: a read through call_write_tool changes nothing more. */
export function callToolFits(callTier: Tier, toolTier: Tier): boolean {
  return TIER_ORDER.indexOf(toolTier) <= TIER_ORDER.indexOf(callTier);
}

/** The call tool for a tool's tier: the lowest one that accepts it. */
export function callToolFor(tier: Tier): string {
  return CALL_TOOLS[tier];
}

/** The tier of a call tool's name, or undefined when the name is not one. */
export function callToolTier(name: string): Tier | undefined {
  return TIER_ORDER.find((t) => CALL_TOOLS[t] === name);
}

/**
 * search_tools naming only the call tools listed beside it: one left out is still taken, but a model
 * told of it would reach for a tool its listing lacks. In a mixed listing (an `all` agent's, some
 * servers past the listing bound) it says which services it finds tools of, since the listing holds
 * every other service's.
 */
function searchOf(tiers: readonly Tier[], servers?: readonly string[]): Tool {
  const finds = servers === undefined
    ? "Finds the tools of the person's connected services (in Connected Services) that fit a need, described in words. "
    : `Finds the tools of these services, too many to list here: ${servers.join(', ')}. The other services' tools are listed. `;
  const calls = tiers.length === 0 ? '' : ` (${joinedList(tiers.map((t) => CALL_TOOLS[t]), { conjunction: 'or' })})`;
  return {
    ...SEARCH,
    description: `${finds}Answers with each tool's name, description, input schema and the call tool to use${calls}, or says that nothing fits. Search again with other words before giving up.`,
  };
}

/**
 * search_tools and the call tool of each tier the agent may call some tool of; never one it could
 * not use. `only`: the servers searched in a mixed listing, whose tools alone decide the tiers.
 */
export function searchListing(index: ReadonlyMap<string, ToolEntry>, agent: Readonly<Agent>, only?: readonly string[]): Tool[] {
  const tiers = new Set<Tier>();
  for (const entry of index.values()) {
    if (only !== undefined && !only.includes(entry.server)) continue;
    const verdict = judgeTool(agent, entry.server, entry.info, entry.tier);
    if (verdict && verdict.decision !== 'deny') tiers.add(verdict.tier);
  }
  const offered = TIER_ORDER.filter((t) => tiers.has(t));
  return [searchOf(offered, only), ...offered.map((t) => CALLS[t])];
}
