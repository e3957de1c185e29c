import { APPS_EXTENSION, isAppOnly } from '../mcp-apps';
import { sharedResult } from './shared-result';
import type { ListPromptsResult, ListResourcesResult, ListResourceTemplatesResult, ListToolsResult } from '@modelcontextprotocol/server';
import { agentNames } from './agent-names';
import { agentTools } from './agent-tools';
import type { CallContext } from './call-context';
import { foundListing } from './found-listing';
import { sayListingSwitch } from './listing-switch';
import { serverAllowed } from './policy';

/** An agent's listings, answered alike in both eras: every answer is computed for that agent only. */
/**
 * An agent's tools. `hostsApps`: its client declared MCP Apps (SEP-1865); a client that did not is not
 * offered the tools only an app may call (their `_meta.ui.visibility` leaves out the model).
 */
export async function listTools(ctx: CallContext, agentName: string, hostsApps = false): Promise<ListToolsResult> {
  const agent = ctx.agents.peek(agentName);
  if (!agent) return { tools: [] };
  const index = await ctx.toolIndex.tools();
  const listed = agentTools(index, agent, agent.listFound === true ? foundListing(ctx).of(agent.name) : undefined);
  sayListingSwitch(ctx, index, agent);
  return hostsApps ? listed : withoutAppOnly(listed);
}

/** A listing without app-only tools, made once per listing and shared like it (shared-result.ts). */
const withoutApps = new WeakMap<ListToolsResult, ListToolsResult>();

function withoutAppOnly(listed: ListToolsResult): ListToolsResult {
  let kept = withoutApps.get(listed);
  if (kept === undefined) {
    const tools = listed.tools.filter((tool) => !isAppOnly(tool._meta));
    // Nothing app-only (the common case): the listing itself, with its bytes already made.
    kept = tools.length === listed.tools.length ? listed : sharedResult({ ...listed, tools });
    withoutApps.set(listed, kept);
  }
  return kept;
}

/** Whether a client's declared capabilities include MCP Apps (`extensions["io.modelcontextprotocol/ui"]`). */
export function declaresApps(capabilities: unknown): boolean {
  if (typeof capabilities !== 'object' || capabilities === null) return false;
  const extensions = (capabilities as { extensions?: unknown }).extensions;
  return typeof extensions === 'object' && extensions !== null && (extensions as Record<string, unknown>)[APPS_EXTENSION] !== undefined;
}

export async function listResources(ctx: CallContext, agentName: string): Promise<ListResourcesResult> {
  const agent = ctx.agents.peek(agentName);
  if (!agent || agent.policy.read === 'deny') return { resources: [] };
  const view = await ctx.toolIndex.resources();
  return { resources: view.resources.filter((r) => serverAllowed(agent, r.server)).map((r) => r.listed) };
}

export async function listResourceTemplates(ctx: CallContext, agentName: string): Promise<ListResourceTemplatesResult> {
  const agent = ctx.agents.peek(agentName);
  if (!agent || agent.policy.read === 'deny') return { resourceTemplates: [] };
  const view = await ctx.toolIndex.resources();
  return { resourceTemplates: view.templates.filter((t) => serverAllowed(agent, t.server)).map((t) => t.listed) };
}

export async function listPrompts(ctx: CallContext, agentName: string): Promise<ListPromptsResult> {
  const agent = ctx.agents.peek(agentName);
  if (!agent || agent.policy.read === 'deny') return { prompts: [] };
  const index = await ctx.toolIndex.prompts();
  const names = agentNames(index, agent);
  const prompts = [...index].filter(([, p]) => serverAllowed(agent, p.server));
  return { prompts: prompts.map(([bridge, p]) => (names.shown(bridge) === bridge ? p.listed : { ...p.listed, name: names.shown(bridge) })) };
}
