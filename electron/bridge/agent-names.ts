import { BRIDGE_NAME, SEPARATOR } from '../../shared/naming';
import type { Agent } from './agent-schema';
import { fitToClient } from './client-names';
import { RESOURCE_TOOL_NAMES } from './own-tool-names';
import { PairCache } from './pair-cache';
import { serverAllowed } from './policy';
import { SEARCH_TOOL_NAMES } from './search-tools';

/** An entry of the tool or prompt index: its server and its name there. */
interface Named {
  server: string;
  info: { name: string };
}

/** The names one agent sees for the tools (or prompts) of one index. */
export interface AgentNames {
  /** The name the agent sees for a bridge name. */
  shown(bridgeName: string): string;
  /** The bridge name behind a name the agent used: one it was shown, or a bridge name itself. */
  bridgeOf(name: string): string;
  /** Bridge names that keep their `<server>__` prefix for this agent, because their own names collide. */
  keptPrefix: string[];
}

const PREFIXED: AgentNames = { shown: (name) => name, bridgeOf: (name) => name, keptPrefix: [] };

export { RESOURCE_TOOL_NAMES } from './own-tool-names';
const NONE: ReadonlySet<string> = new Set();
/** Search's own tools (search-tools.ts), besides the resource tools: every agent may be offered them. */
const SEARCHING: ReadonlySet<string> = new Set(SEARCH_TOOL_NAMES);
const BOTH: ReadonlySet<string> = new Set([...RESOURCE_TOOL_NAMES, ...SEARCH_TOOL_NAMES]);
/**
 * The form of a name cut to fit a client (client-names.ts): `_` and 8 to 16 hex digits of the pair's
 * hash. The hash is public, so a server could list a tool under another tool's cut name and take it
 * over (with the calls and arguments meant for it, and a client's "always allow"); a name of this form
 * is never kept plain, so a plain name and a cut one never meet.
 */
const CUT_FORM = /_[0-9a-f]{8,16}$/;

/** A name as a client that folds case sees it: names equal here collide. */
function folded(name: string): string {
  return name.toLowerCase();
}

/** Per index (replaced, never changed, when inventories change) and agent record (likewise). */
const cache = new PairCache<ReadonlyMap<string, Named>, Readonly<Agent>, AgentNames>();

/**
 * `names: plain` (issue #30): each tool or prompt under its server's own name when no two of the
 * agent's servers offer that name (case folded), it fits the model APIs' pattern, it has not the form
 * of a cut name, it holds no `__` and it is not `reserved` (our own tools' names, agentToolNames, case
 * folded); otherwise the bridge name (`<server>__<name>`) as for every agent. Every bridge name holds
 * `__` or has the cut form, so a plain name never equals one, whatever servers exist or are given to
 * the agent later: a server cannot list a tool under another server's name (`bank__get-sum`) and have
 * it change meaning once that server is given. Decided from the agent's servers only, so it is the
 * same after every restart for the same inventories; bridge names stay accepted, so a client that
 * cached them keeps working.
 */
export function agentNames(index: ReadonlyMap<string, Named>, agent: Readonly<Agent>, reserved: ReadonlySet<string> = NONE): AgentNames {
  if (agent.names !== 'plain') return PREFIXED;
  const known = cache.get(index, agent);
  if (known !== undefined) return known;

  const visible = [...index].filter(([, entry]) => serverAllowed(agent, entry.server));
  const bridgeNames = new Set(visible.map(([bridge]) => bridge));
  // Keyed folded: clients that fold case would take `ECHO` and `echo` for one tool.
  const count = new Map<string, number>();
  for (const [, entry] of visible) count.set(folded(entry.info.name), (count.get(folded(entry.info.name)) ?? 0) + 1);
  const toShown = new Map<string, string>();
  const toBridge = new Map<string, string>();
  const keptPrefix: string[] = [];
  for (const [bridge, entry] of visible) {
    const own = entry.info.name;
    const plain =
      count.get(folded(own)) === 1 && BRIDGE_NAME.test(own) && !own.includes(SEPARATOR) && !bridgeNames.has(own) && !reserved.has(folded(own)) && !CUT_FORM.test(own);
    if (!plain) {
      // A name that fails the pattern or is one of ours keeps the prefix too, but only collisions between servers are reported.
      if ((count.get(folded(own)) ?? 0) > 1) keptPrefix.push(bridge);
      continue;
    }
    toShown.set(bridge, own);
    toBridge.set(own, bridge);
  }
  return cache.set(index, agent, {
    shown: (bridge) => toShown.get(bridge) ?? bridge,
    bridgeOf: (name) => toBridge.get(name) ?? name,
    keptPrefix,
  });
}

/**
 * The names an agent sees for the tool index (every caller about tools goes through here, so one
 * index and agent record always get the same answer): agentNames less our own tools' names, made to
 * fit the agent's client (client-names.ts). Search's names are kept from every agent's servers: an
 * `all` agent's listing gains them once a server passes the listing bound (listing-scope.ts), and a
 * name must not change meaning then.
 */
export function agentToolNames(index: ReadonlyMap<string, Named>, agent: Readonly<Agent>): AgentNames {
  const reserved = agent.resourceTools === true ? BOTH : SEARCHING;
  // Cut to fit the client's prefix last, so every caller about tools sees the same fitted names.
  return fitToClient(agentNames(index, agent, reserved), index, agent);
}
