import type { ListPromptsResult, ListResourcesResult, ListResourceTemplatesResult, ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { agentNames } from './agent-names';
import { agentTools } from './agent-tools';
import type { CallContext } from './call-context';
import { foundListing } from './found-listing';
import { serverAllowed } from './policy';

/** An agent's listings, answered alike in both eras: every answer is computed for that agent only. */
export async function listTools(ctx: CallContext, agentName: string): Promise<ListToolsResult> {
  const agent = ctx.agents.peek(agentName);
  if (!agent) return { tools: [] };
  return agentTools(await ctx.toolIndex.tools(), agent, agent.listFound === true ? foundListing(ctx).of(agent.name) : undefined);
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
