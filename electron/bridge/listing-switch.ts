import type { Agent } from './agent-schema';
import type { CallContext } from './call-context';
import { AGENT_LISTING_BOUND } from './listing-bounds';
import { boundSearched } from './listing-scope';
import type { ToolEntry } from './tool-index';

/** Per bridge: what was last said of each agent's listing switch, so each switch is said once. */
const said = new WeakMap<Pick<CallContext, 'log'>, Map<string, string>>();

/** The log line for a switch, or undefined when the agent lists every tool. */
export function switchLine(agent: string, searched: readonly string[] | '*' | undefined): string | undefined {
  if (searched === undefined) return undefined;
  if (searched === '*') return `agent "${agent}" (tool mode all): its tools pass ${AGENT_LISTING_BOUND} listed together, so it lists search_tools and the call tools instead of them`;
  const which = searched.length === 1 ? `server "${searched[0] ?? ''}"'s tools pass` : `servers ${searched.map((s) => `"${s}"`).join(', ')} each list tools past`;
  return `agent "${agent}" (tool mode all): ${which} ${AGENT_LISTING_BOUND}, so it finds those through search_tools and the call tools; its other servers' tools stay listed`;
}

/**
 * Says in the log when the listing bound changes what an `all` agent lists (listing-scope.ts): once
 * per change, not per listing; a switch that ends and comes back is said again.
 */
export function sayListingSwitch(ctx: Pick<CallContext, 'log'>, index: ReadonlyMap<string, ToolEntry>, agent: Readonly<Agent>): void {
  let byAgent = said.get(ctx);
  if (byAgent === undefined) {
    byAgent = new Map();
    said.set(ctx, byAgent);
  }
  const line = switchLine(agent.name, boundSearched(index, agent));
  if (line === undefined) {
    byAgent.delete(agent.name);
    return;
  }
  if (byAgent.get(agent.name) === line) return;
  byAgent.set(agent.name, line);
  ctx.log(line);
}
