import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { lazySchema, MAX_NEED_LENGTH } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { MAX_LIMIT } from '../tool-search';
import { agentError, errorResult, RpcError } from './agent-errors';
import { RESOURCE_TOOL_NAMES } from './agent-names';
import type { Agent } from './agent-schema';
import { record, type CallContext } from './call-context';
import { MAX_CALL_NAME_LENGTH } from './input-bounds';
import { judgeTool, serverAllowed } from './policy';
import { heldOwnTool, ownToolArgs, unknownService } from './own-tool-args';
import { callToolFits, callToolTier, CALL_TOOLS, SEARCH_TOOL } from './search-tools';
import { foundListing } from './found-listing';
import { MAX_SEARCH_ANSWER_BYTES } from './found-bounds';
import { searchAsAgent } from './agent-search';
import { lookupTool } from './tool-lookup';
import type { ToolEntry } from './tool-index';
import { searchedServers } from './listing-scope';
import { usageCounts } from './usage-counts';

/** The call behind a call tool: tools/call of the real tool, through tool-call.ts and so the gate. */
export type DirectCall = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

// Built at an agent's first call of them, not at `serve`'s start.
const SearchArgs = lazySchema(() =>
  z.strictObject({
    // An empty query and white space alone say no need: one reason, not answered "nothing fits".
    query: z.string().max(MAX_NEED_LENGTH).refine((query) => query.trim() !== '', 'says nothing: give the need in words'),
    server: z.string().min(1).max(200).optional(),
    limit: z.number().int().min(1).max(MAX_LIMIT).optional(),
  }),
);
const CallArgs = lazySchema(() =>
  z.strictObject({
    name: z.string().min(1).max(MAX_CALL_NAME_LENGTH),
    arguments: z.record(z.string(), z.unknown()).optional(),
  }),
);
const OURS: ReadonlySet<string> = new Set([SEARCH_TOOL, ...Object.values(CALL_TOOLS), ...RESOURCE_TOOL_NAMES]);


function json(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

async function search(ctx: CallContext, agent: Readonly<Agent>, args: Record<string, unknown>, hostsApps: boolean, signal: () => AbortSignal): Promise<CallToolResult> {
  const own = ownToolArgs(SearchArgs, args, SEARCH_TOOL);
  if (!own.ok) return own.result;
  const parsed = own.args;
  // A service it may not search is answered first: a right guess there gets a wrong one's answer, never a hold.
  // One that is not configured is no service for an agent of every service (`*`) either, not a query nothing fits.
  if (parsed.server !== undefined && (!serverAllowed(agent, parsed.server) || !ctx.pool.statuses().some((s) => s.name === parsed.server))) {
    return unknownService(ctx, agent.name, SEARCH_TOOL, parsed.server, 'search without a server');
  }
  return heldOwnTool(ctx, agent.name, SEARCH_TOOL, args, signal, () => searchNow(ctx, agent, parsed, hostsApps));
}

async function searchNow(ctx: CallContext, agent: Readonly<Agent>, query: z.infer<typeof SearchArgs>, hostsApps: boolean): Promise<CallToolResult> {
  const counts = usageCounts(ctx);
  await counts.seed(ctx);
  const { found, services } = searchAsAgent({ pool: ctx.pool, index: await ctx.toolIndex.tools(), counts }, agent, query, hostsApps);
  if (found.tools.length > 0) {
    // Only tools the agent may call are found (tool-finder.ts), so only those join its listing.
    if (agent.listFound === true) foundListing(ctx).add(agent.name, found.tools.map((t) => t.id));
    const tools = found.tools.map(({ id: _id, ...tool }) => tool);
    if (found.left === 0) return json({ tools });
    return json({ tools, more: `${found.left} more found did not fit one answer (${MAX_SEARCH_ANSWER_BYTES / 1024} KB); search with other words or a \`server\` to see them` });
  }
  return json({ tools: [], nothingFits: `none of your tools fits that query; try other words, or search one of these services with \`server\``, services: services() });
}

function deniedTool(agent: Readonly<Agent>, entry: ToolEntry): boolean {
  const verdict = judgeTool(agent, entry.server, entry.info, entry.tier);
  return verdict === undefined || verdict.decision === 'deny';
}

/** The call tool for a tool of its tier, or, in a mixed listing, the tool itself when its service's tools are listed. */
async function rightCall(ctx: CallContext, agent: Readonly<Agent>, entry: ToolEntry): Promise<string> {
  const searched = searchedServers(await ctx.toolIndex.tools(), agent);
  return searched === undefined || searched.includes(entry.server) ? `call it with ${CALL_TOOLS[entry.tier]}` : 'call it by its name: your tools/list gives it';
}

async function call(ctx: CallContext, agent: Readonly<Agent>, callName: string, args: Record<string, unknown>, direct: DirectCall): Promise<CallToolResult> {
  const tier = callToolTier(callName);
  if (tier === undefined) throw new Error(`not a call tool: ${callName}`);
  const own = ownToolArgs(CallArgs, args, callName);
  if (!own.ok) return own.result;
  const { name, arguments: toolArgs } = own.args;
  if (OURS.has(name)) {
    return errorResult(agentError(new CodedError('invalid_input', `${name} is not a service's tool`, { hint: `call ${name} itself` })));
  }
  // Checked before the gate, so a client's own prompt for call_read_tool never covers a delete.
  const found = await lookupTool(ctx, agent, name);
  // A tool the agent may not call gets the gate's answer, as called directly: never its tier, nor a call tool it is not listed.
  if (found && 'entry' in found && !callToolFits(tier, found.entry.tier) && !deniedTool(agent, found.entry)) {
    // Refused before any gate, and shown in Activity: a write or delete tried through a read's call tool is worth seeing.
    const { server, info, tier: toolTier } = found.entry;
    record(ctx, ctx.now(), { agent: agent.name, server, kind: 'tool', tool: info.name, tier: toolTier, outcome: 'denied', errorCode: 'invalid_input' }, undefined, true);
    return errorResult(agentError(new CodedError('invalid_input', `that tool is a ${found.entry.tier} tool: ${callName} does not call it`, { hint: await rightCall(ctx, agent, found.entry) })));
  }
  try {
    const result = await direct(name, toolArgs ?? {});
    if (result.isError !== true && found && 'entry' in found) usageCounts(ctx).count(agent.name, found.entry.server, found.entry.info.name);
    return result;
  } catch (error) {
    // An unknown tool or invalid arguments: through a call tool these are results the model reads.
    if (error instanceof RpcError) return errorResult(error.data);
    throw error;
  }
}

/** Whether a tools/call of this agent is search_tools or a call tool (its listing offers them in search mode). */
export function isSearchTool(name: string): boolean {
  return name === SEARCH_TOOL || callToolTier(name) !== undefined;
}

/**
 * `hostsApps`: the client declared MCP Apps; one that did not is never offered a tool only an app may
 * call. `signal`: the call's cancellation, made only for a search held for the person.
 */
export function callSearchTool(ctx: CallContext, agent: Readonly<Agent>, name: string, args: Record<string, unknown>, direct: DirectCall, hostsApps: boolean, signal: () => AbortSignal): Promise<CallToolResult> {
  return name === SEARCH_TOOL ? search(ctx, agent, args, hostsApps, signal) : call(ctx, agent, name, args, direct);
}
