import { owningServer } from '../../shared/naming';
import { agentError, type AgentError } from './agent-errors';
import { agentToolNames } from './agent-names';
import type { Agent } from './agent-schema';
import type { CallContext } from './call-context';
import type { ToolEntry } from './tool-index';
import { serverAllowed } from './policy';

export type Lookup = { entry: ToolEntry } | { error: AgentError } | undefined;

/**
 * The index as of this call: a build that was running when a server's inventory landed (an agent's
 * first call racing the listing its session asked for) is built again, once, rather than answering
 * "unknown tool" for a tool the server has just listed.
 */
async function currentTools(ctx: CallContext): Promise<ReadonlyMap<string, ToolEntry>> {
  const version = ctx.toolIndex.version;
  const tools = await ctx.toolIndex.tools();
  return ctx.toolIndex.version === version ? tools : ctx.toolIndex.tools();
}

/**
 * The tool behind a bridge name. A name in the namespace of an allowed server that has never listed
 * its tools (so nothing is cached yet) asks the pool for them, which starts that server lazily as a
 * call would (or answers with the error of its last failed start), and looks again.
 * The namespace is owningServer's: `a__b__c` starts `a` (the outer server), `a__b__<hash>-c` starts `a__b`.
 */
export async function lookupTool(ctx: CallContext, agent: Readonly<Agent>, asked: string): Promise<Lookup> {
  const tools = await currentTools(ctx);
  // An agent with plain names calls a tool by the name it was shown.
  const name = agentToolNames(tools, agent).bridgeOf(asked);
  const hit = tools.get(name);
  if (hit) return serverAllowed(agent, hit.server) ? { entry: hit } : undefined;
  const owner = owningServer(name, ctx.toolIndex.servers());
  const status = owner === undefined ? undefined : ctx.pool.statuses().find((s) => s.name === owner);
  if (!status || !serverAllowed(agent, status.name)) return undefined;
  if (status.inventoryUpdatedAt !== undefined) {
    // Listed already: the index may still be older than its listing (built while its tools were being
    // listed or reviewed against their pins). Built again only when the two differ, so an unknown name
    // costs one server's listing, not a rebuild.
    const listed = await ctx.pool.tools(status.name).catch(() => []);
    let indexed = 0;
    for (const entry of tools.values()) if (entry.server === status.name) indexed++;
    if (listed.length === indexed) return undefined;
  } else {
    try {
      await ctx.pool.listTools(status.name);
    } catch (error) {
      return { error: agentError(error, status.name) };
    }
  }
  ctx.toolIndex.invalidate();
  const found = (await ctx.toolIndex.tools()).get(name);
  return found && serverAllowed(agent, found.server) ? { entry: found } : undefined;
}
