import { CodedError } from '../../shared/errors';
import { sanitizeSegment, SEPARATOR } from '../../shared/naming';
import { agentError, type AgentError } from './agent-errors';
import type { Agent } from './agent-schema';
import type { CallContext } from './call-context';
import type { ToolEntry } from './catalog';
import { serverAllowed } from './policy';

export type Lookup = { entry: ToolEntry } | { error: AgentError } | undefined;

/**
 * The tool behind a bridge name. A name whose prefix is an allowed server that has never been started
 * (so nothing is cached yet) starts that server, as a call would, and looks again; a server already
 * known to need authorization answers with its error instead of being retried on every call.
 */
export async function lookupTool(ctx: CallContext, agent: Readonly<Agent>, name: string): Promise<Lookup> {
  const hit = (await ctx.catalog.tools()).get(name);
  if (hit) return serverAllowed(agent, hit.server) ? { entry: hit } : undefined;
  const candidates = ctx.pool
    .statuses()
    .filter((s) => s.enabled && s.inventoryUpdatedAt === undefined && serverAllowed(agent, s.name) && name.startsWith(`${sanitizeSegment(s.name)}${SEPARATOR}`));
  if (candidates.length === 0) return undefined;
  const [only] = candidates;
  if (candidates.length === 1 && only) {
    if (only.lastError && (only.state === 'needs_auth' || only.state === 'error')) {
      return { error: agentError(CodedError.fromWire(only.lastError), only.name) };
    }
    try {
      await ctx.pool.start(only.name);
    } catch (error) {
      return { error: agentError(error, only.name) };
    }
  } else {
    await Promise.all(candidates.map((s) => ctx.pool.start(s.name).catch(() => undefined)));
  }
  ctx.catalog.invalidate();
  const found = (await ctx.catalog.tools()).get(name);
  return found && serverAllowed(agent, found.server) ? { entry: found } : undefined;
}
