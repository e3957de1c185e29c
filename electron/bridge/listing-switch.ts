import type { ListingBound } from '../../shared/api';
import type { DelayClock } from '../../shared/collections';
import type { Agent } from './agent-schema';
import type { AuditLog } from './audit-log';
import { AuditWindows } from './audit-windows';
import type { CallContext } from './call-context';
import { AGENT_LISTING_BOUND, MAX_AGENT_LISTING_BYTES } from './listing-bounds';
import { boundSearched, listingBound } from './listing-scope';
import type { ToolEntry } from './tool-index';

/** Per bridge: what was last said of each agent's listing switch, so each switch is said once. */
const said = new WeakMap<SwitchContext, Map<string, string>>();

/** Switch entries an agent may add to the audit in a minute before the rest are counted into one. */
export const LISTING_SWITCHES_PER_WINDOW = 6;

/** Per audit log: its windows of switch entries, per agent (written when the log closes). */
const windowsOf = new WeakMap<SwitchContext['audit'], AuditWindows>();

/**
 * Where a switch is said: the log, and the audit (one entry per switch, with the sizes that made it).
 * `auditClock`: the windows' timer and clock (default an unref'd setTimeout and performance.now).
 */
export type SwitchContext = Pick<CallContext, 'log' | 'now'> & { audit: Pick<AuditLog, 'append' | 'endAtClose'>; auditClock?: DelayClock };

/** The log line for a switch, or undefined when the agent lists every tool. */
export function switchLine(agent: string, searched: readonly string[] | '*' | undefined): string | undefined {
  if (searched === undefined) return undefined;
  if (searched === '*') return `agent "${agent}" (tool mode all): its tools pass ${AGENT_LISTING_BOUND} listed together, so it lists search_tools and the call tools instead of them`;
  const which = searched.length === 1 ? `server "${searched[0] ?? ''}"'s tools pass` : `servers ${searched.map((s) => `"${s}"`).join(', ')} each list tools past`;
  return `agent "${agent}" (tool mode all): ${which} ${AGENT_LISTING_BOUND}, so it finds those through search_tools and the call tools; its other servers' tools stay listed`;
}

/**
 * Says in the log and the audit when the listing bound changes what an `all` agent lists
 * (listing-scope.ts): once per change, not per listing; a switch that ends and comes back is said
 * again. Its end is audited too (nothing searched), so the audit shows how long it lasted.
 */
export function sayListingSwitch(ctx: SwitchContext, index: ReadonlyMap<string, ToolEntry>, agent: Readonly<Agent>): void {
  let byAgent = said.get(ctx);
  if (byAgent === undefined) {
    byAgent = new Map();
    said.set(ctx, byAgent);
  }
  const line = switchLine(agent.name, boundSearched(index, agent));
  if (line === undefined) {
    if (byAgent.delete(agent.name)) auditSwitch(ctx, agent.name, { searched: [], every: false, boundBytes: MAX_AGENT_LISTING_BYTES });
    return;
  }
  if (byAgent.get(agent.name) === line) return;
  byAgent.set(agent.name, line);
  const bound = listingBound(index, agent);
  // The line goes with its entry: one the window counts is not logged either (the summary's line says how many).
  if (bound === undefined || auditSwitch(ctx, agent.name, bound)) ctx.log(line);
}

/** The log's line for a window's count of switches (switchWindows). */
export function countedSwitchesLine(agent: string, counted: number): string {
  return `agent "${agent}" (tool mode all): its listing switched ${counted} more time${counted === 1 ? '' : 's'} within a minute; the audit counts them in one entry`;
}

/**
 * A server whose tools sit near the bound and change at each list_changed would make every listing a
 * switch and its end, rotating everyone's history out of the audit and flooding the log: per agent,
 * the first LISTING_SWITCHES_PER_WINDOW a minute are written (and logged), the rest counted into one
 * entry (`repeated`) and one log line.
 */
function switchWindows(ctx: SwitchContext): AuditWindows {
  const audit = ctx.audit;
  let windows = windowsOf.get(audit);
  if (windows === undefined) {
    windows = new AuditWindows({
      limit: LISTING_SWITCHES_PER_WINDOW,
      write: (entry) => {
        audit.append(entry);
        if (entry.repeated !== undefined) ctx.log(countedSwitchesLine(entry.agent, entry.repeated));
      },
      summary: (first, counted) => ({ ...first, repeated: counted }),
      ...(ctx.auditClock !== undefined ? { clock: ctx.auditClock } : {}),
    });
    windowsOf.set(audit, windows);
    audit.endAtClose(windows);
  }
  return windows;
}

/** The audit entry of a switch: `server` names the servers searched (none when every one is or none is). True when written, not counted. */
function auditSwitch(ctx: SwitchContext, agent: string, listing: ListingBound): boolean {
  const server = listing.every ? '' : listing.searched.map((s) => s.server).join(', ');
  return switchWindows(ctx).add(agent, 'listing', { time: ctx.now(), agent, server, kind: 'listing', tool: 'tools/list', durationMs: 0, outcome: 'ok', listing });
}
