import { BRIDGE_NAME } from '../../shared/naming';
import type { Agent } from './agent-schema';
import { serverAllowed } from './policy';

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

/** Per index (replaced, never changed, when inventories change) and agent record (likewise). */
const cache = new WeakMap<ReadonlyMap<string, Named>, WeakMap<Readonly<Agent>, AgentNames>>();

/**
 * `names: plain` (issue #30): each tool or prompt under its server's own name when no two of the
 * agent's servers offer that name, it fits the model APIs' pattern, and it is not another entry's
 * bridge name; otherwise the bridge name (`<server>__<name>`) as for every agent. Decided from the
 * agent's servers only, so it is the same after every restart for the same inventories; bridge names
 * stay accepted, so a client that cached them keeps working.
 */
export function agentNames(index: ReadonlyMap<string, Named>, agent: Readonly<Agent>): AgentNames {
  if (agent.names !== 'plain') return PREFIXED;
  let byAgent = cache.get(index);
  if (byAgent === undefined) {
    byAgent = new WeakMap();
    cache.set(index, byAgent);
  }
  const known = byAgent.get(agent);
  if (known !== undefined) return known;

  const visible = [...index].filter(([, entry]) => serverAllowed(agent, entry.server));
  const bridgeNames = new Set(visible.map(([bridge]) => bridge));
  const count = new Map<string, number>();
  for (const [, entry] of visible) count.set(entry.info.name, (count.get(entry.info.name) ?? 0) + 1);
  const toShown = new Map<string, string>();
  const toBridge = new Map<string, string>();
  const keptPrefix: string[] = [];
  for (const [bridge, entry] of visible) {
    const own = entry.info.name;
    const plain = count.get(own) === 1 && BRIDGE_NAME.test(own) && !bridgeNames.has(own);
    if (!plain) {
      // A name that merely fails the pattern keeps the prefix too, but only collisions are reported.
      if ((count.get(own) ?? 0) > 1) keptPrefix.push(bridge);
      continue;
    }
    toShown.set(bridge, own);
    toBridge.set(own, bridge);
  }
  const names: AgentNames = {
    shown: (bridge) => toShown.get(bridge) ?? bridge,
    bridgeOf: (name) => toBridge.get(name) ?? name,
    keptPrefix,
  };
  byAgent.set(agent, names);
  return names;
}
