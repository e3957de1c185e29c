import type { NAME_CLIENTS } from '../../shared/api';
import { BRIDGE_NAME, MAX_NAME_LENGTH, shortHash } from '../../shared/naming';
import type { AgentNames } from './agent-names';
import { entryName } from './client-entry-name';
import type { Agent, AgentClient } from './agent-schema';
import { serverAllowed } from './policy';

/**
 * The client an agent's names are made for (issue #32, part 3): model APIs take tool names of at most
 * 64 characters of `[A-Za-z0-9_-]`, and clients put their own prefix before ours, which holds our
 * entry's name: the agent's `connected-services-<agent>` (client-entry-name.ts; what `agents config`
 * prints and `agents connect` writes), shown here as `connected-services`:
 * - claude-code, codex: `mcp__connected-services__<name>` (25 characters before ours);
 * - vscode: `mcp_connected-services_<name>` (23);
 * - cursor: keeps the server's and the tool's name within 60 together (`connected-services` + 1 + ours, 4 spare);
 * - claude-desktop: sends the tool's name as it is (0);
 * - acp: the agent behind ACP names them, and the longest prefix of those known is Claude Code's and
 *   Codex's (Gemini CLI's `<entry>__` is shorter), so names that fit it fit every one.
 * A number is a prefix length of the person's own choosing.
 */
export type NameClient = (typeof NAME_CLIENTS)[number];
export type { AgentClient } from './agent-schema';

const ENTRY = 'connected-services';
const PREFIX: Readonly<Record<NameClient, (entry: string) => number>> = {
  'claude-code': (entry) => `mcp__${entry}__`.length,
  codex: (entry) => `mcp__${entry}__`.length,
  vscode: (entry) => `mcp_${entry}_`.length,
  cursor: (entry) => entry.length + 1 + (MAX_NAME_LENGTH - 60),
  'claude-desktop': () => 0,
  acp: (entry) => `mcp__${entry}__`.length,
};

/** The client's prefix before our names, for the agent's entry (`agent` absent: an entry named `connected-services`). */
export function prefixLength(client: AgentClient | undefined, agent?: string): number {
  if (client === undefined) return 0;
  return typeof client === 'number' ? client : PREFIX[client](agent === undefined ? ENTRY : entryName(agent));
}

/** In words, for `agents config` and `agents list`. */
export function describeClient(client: AgentClient | undefined, agent?: string): string {
  const length = prefixLength(client, agent);
  if (client === undefined) return 'no client recorded: names are kept within 64 characters without a client prefix';
  const entry = agent === undefined ? ENTRY : entryName(agent);
  const who = typeof client === 'number' ? `a client prefix of ${client} characters` : `${client} (a prefix of ${length} characters, for the entry "${entry}")`;
  const room = MAX_NAME_LENGTH - length;
  // Past this the cut names (a hash of 8 digits and more) no longer fit: only a shorter agent name helps.
  const tight = room < 16 ? ': too little room, give the agent a shorter name' : '';
  return `names made for ${who}: each fits ${Math.max(0, room)} characters${tight}`;
}

/**
 * Cut to `limit` with the hash of the exact pair, lengthened where two cut names would meet. The kept
 * text loses its trailing `_`, so the hash's `_` never makes a `__`, the prefixed names' separator.
 */
function cut(shown: string, limit: number, key: string, digits: number): string {
  const hash = shortHash(key).slice(0, digits);
  return `${shown.slice(0, Math.max(1, limit - digits - 1)).replace(/_+$/, '')}_${hash}`;
}

/** Per index and agent record, as agentNames: both are replaced, never changed, when inventories or the agent change. */
const fitted = new WeakMap<object, WeakMap<Readonly<Agent>, AgentNames>>();

/**
 * The agent's names, each at most 64 less its client's prefix: longer ones are cut with the hash rule
 * of shared/naming (the hash of the exact `<server>\0<name>` pair), so the same inventories give the
 * same names after every restart; a cut name that would meet another name gets a longer hash.
 */
export function fitToClient(
  base: AgentNames,
  index: ReadonlyMap<string, { server: string; info: { name: string } }>,
  agent: Readonly<Agent>,
): AgentNames {
  const limit = MAX_NAME_LENGTH - prefixLength(agent.client, agent.name);
  if (limit >= MAX_NAME_LENGTH) return base;
  let byAgent = fitted.get(index);
  const known = byAgent?.get(agent);
  if (known !== undefined) return known;
  const visible = [...index].filter(([, e]) => serverAllowed(agent, e.server));
  const taken = new Set(visible.map(([bridge]) => base.shown(bridge)).filter((n) => n.length <= limit));
  const toShown = new Map<string, string>();
  const toBridge = new Map<string, string>();
  // Sorted, so which of two meeting names is lengthened never depends on inventory order.
  for (const [bridge, entry] of visible.sort(([a], [b]) => (a < b ? -1 : 1))) {
    const shown = base.shown(bridge);
    if (shown.length <= limit) continue;
    const key = `${entry.server}\u0000${entry.info.name}`;
    let name = cut(shown, limit, key, 8);
    for (let digits = 12; taken.has(name) && digits <= 16; digits += 4) name = cut(shown, limit, key, digits);
    for (let n = 1; taken.has(name); n++) name = cut(shown, limit, `${key}\u0000${n}`, 16);
    if (!BRIDGE_NAME.test(name)) continue;
    taken.add(name);
    toShown.set(bridge, name);
    toBridge.set(name, bridge);
  }
  const names: AgentNames = {
    shown: (bridge) => toShown.get(bridge) ?? base.shown(bridge),
    bridgeOf: (name) => toBridge.get(name) ?? base.bridgeOf(name),
    keptPrefix: base.keptPrefix,
  };
  if (byAgent === undefined) {
    byAgent = new WeakMap();
    fitted.set(index, byAgent);
  }
  byAgent.set(agent, names);
  return names;
}
