import { APP_MIME_TYPE, APPS_EXTENSION } from '../mcp-apps';
import type { CallContext } from './call-context';
import { serverAllowed } from './policy';
import type { ToolEntry } from './tool-index';

/** What the bridge says of MCP Apps in `capabilities.extensions` (SEP-1865 §capability negotiation). */
const ADVERTISED: Record<string, string[]> = { mimeTypes: [APP_MIME_TYPE] };

export type Extensions = Record<string, Record<string, string[]>>;

/** Whether a server the agent may use offers a tool with an MCP App. */
function agentHasApps(ctx: CallContext, agentName: string, tools: ReadonlyMap<string, ToolEntry> | undefined): boolean {
  const agent = ctx.agents.peek(agentName);
  if (agent === undefined || tools === undefined) return false;
  for (const entry of tools.values()) if (entry.info.app !== undefined && serverAllowed(agent, entry.server)) return true;
  return false;
}

/** A legacy session's `extensions`, decided when it starts: the apps extension only for an agent whose servers offer apps. */
export async function appsExtensions(ctx: CallContext, agentName: string): Promise<Extensions | undefined> {
  const tools = await ctx.toolIndex.tools().catch(() => undefined);
  return agentHasApps(ctx, agentName, tools) ? { [APPS_EXTENSION]: ADVERTISED } : undefined;
}

/**
 * A 2026-07-28 agent's `extensions`, read at each `server/discover`: its SDK servers are made once
 * and reused (modern-server-pool.ts) and the SDK answers discover from the capabilities it was given,
 * so the extension's key is a getter over the tool index's latest listing (undefined leaves it out
 * of the JSON). Made, the listing is asked for at once, so it is known by the agent's first request.
 */
export function liveAppsExtensions(ctx: CallContext, agentName: string): Extensions {
  void ctx.toolIndex.tools().catch(() => undefined);
  const extensions: Extensions = {};
  Object.defineProperty(extensions, APPS_EXTENSION, {
    enumerable: true,
    get: () => (agentHasApps(ctx, agentName, ctx.toolIndex.latestTools()) ? ADVERTISED : undefined),
  });
  return extensions;
}
