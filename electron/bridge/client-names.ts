import { agentClient, type NameClient } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { BRIDGE_NAME, MAX_NAME_LENGTH, shortHash } from '../../shared/naming';
import { redact } from '../../shared/redact';
import type { AgentNames } from './agent-names';
import { entryName } from './client-entry-name';
import { OWN_TOOL_NAMES } from './own-tool-names';
import type { Agent, AgentClient } from './agent-schema';
import { PairCache } from './pair-cache';
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
 *   Codex's (Gemini CLI's `<entry>__` is shorter), so names that fit it fit every one;
 * - windsurf, gemini-cli: not known as a client here (`--for N` gives a length).
 * A number is a prefix length of the person's own choosing.
 */
export type { NameClient } from '../../shared/api';
export type { AgentClient } from './agent-schema';

const ENTRY = 'connected-services';
/** The prefix's length from shared/api/agent-clients.ts: the characters around the entry's name, or a fixed length. */
function clientPrefix(client: NameClient, entry: string): number {
  const { prefix } = agentClient(client);
  if (prefix === null) return 0;
  return 'entry' in prefix ? entry.length + prefix.entry : prefix.fixed;
}

/** The client's prefix before our names, for the agent's entry (`agent` absent: an entry named `connected-services`). */
export function prefixLength(client: AgentClient | undefined, agent?: string): number {
  if (client === undefined) return 0;
  return typeof client === 'number' ? client : clientPrefix(client, agent === undefined ? ENTRY : entryName(agent));
}

/**
 * The room a client's prefix must leave for our names: our longest own tool name (`call_destructive_tool`),
 * and a cut name at its longest (one kept character, `_` and 16 hex digits; cutNames).
 */
export const NAME_ROOM = Math.max(...OWN_TOOL_NAMES.map((name) => name.length), 1 + 1 + 16);

/**
 * The client, when its prefix before the agent's entry leaves NAME_ROOM: else refused, since the
 * client would be shown names past 64 characters (model APIs refuse them) and no cut can help ours.
 */
export function clientWithRoom<C extends AgentClient | undefined>(agent: string, client: C): C {
  const room = MAX_NAME_LENGTH - prefixLength(client, agent);
  if (client === undefined || room >= NAME_ROOM) return client;
  const who = typeof client === 'number' ? `a client prefix of ${client} characters` : `${client}'s prefix for the entry "${entryName(agent)}"`;
  const longest = MAX_NAME_LENGTH - NAME_ROOM - prefixLength(client, '');
  const hint =
    typeof client === 'number'
      ? `Give a prefix length of at most ${MAX_NAME_LENGTH - NAME_ROOM}`
      : `Choose an agent name of at most ${longest} characters, or, if the client's entry for it has a shorter name, give that prefix's length as a number`;
  throw new CodedError('invalid_input', redact(`with ${who}, agent "${agent}"'s tool names would have ${Math.max(0, room)} characters of the 64 a model accepts, and ours need ${NAME_ROOM}`), {
    hint,
    data: { agent, room, need: NAME_ROOM },
  });
}

/** In words, for `agents config` and `agents list`. */
export function describeClient(client: AgentClient | undefined, agent?: string): string {
  const length = prefixLength(client, agent);
  if (client === undefined) return 'no client recorded: names are kept within 64 characters without a client prefix';
  const entry = agent === undefined ? ENTRY : entryName(agent);
  const who = typeof client === 'number' ? `a client prefix of ${client} characters` : `${client} (a prefix of ${length} characters, for the entry "${entry}")`;
  const room = MAX_NAME_LENGTH - length;
  // Past this our own tools' names no longer fit (agents add and set refuse it): only a shorter agent name helps.
  const tight = room < NAME_ROOM ? ': too little room, give the agent a shorter name' : '';
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
const fitted = new PairCache<object, Readonly<Agent>, AgentNames>();

/** Hex digits of a cut name's hash, shortest first; past the last, a counter joins the key. */
const DIGITS = [8, 12, 16] as const;
/** Counted rounds before the names still meeting are numbered instead: the loop always ends. */
const COUNTED_ROUNDS = 8;

/** The last resort, in key order: 16 hex digits of a counter no name given holds. */
function numbered(pending: ReadonlyArray<{ bridge: string; shown: string; key: string }>, limit: number, given: Set<string>, out: Map<string, string>): void {
  let counter = 0;
  for (const entry of [...pending].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    let name: string;
    do {
      name = `${entry.shown.slice(0, Math.max(1, limit - 17)).replace(/_+$/, '')}_${(counter++).toString(16).padStart(16, '0')}`;
    } while (given.has(name));
    given.add(name);
    out.set(entry.bridge, name);
  }
}

/**
 * The cut name of each long name. Where cut names meet (each other or a name kept whole), every one of
 * them is lengthened, none keeps the shared name: the hash is public, so a server added later can list
 * a tool whose cut name is an existing tool's, and were one of the two to keep it (the first by sort,
 * say) the name an agent already saw, and a client's "always allow" for it, could pass to that server's
 * tool. Names of different digit counts never meet (the `_` before the hash sits elsewhere), so a
 * lengthened name never takes a shorter one. Decided from the inventories alone: the same after a restart.
 */
function cutNames(long: ReadonlyArray<{ bridge: string; shown: string; key: string }>, limit: number, taken: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  // Counted rounds all cut to 16 digits: a name given in one is taken for the next.
  const given = new Set(taken);
  let pending = [...long];
  for (let level = 0; pending.length > 0; level++) {
    if (level >= DIGITS.length + COUNTED_ROUNDS) {
      numbered(pending, limit, given, out);
      break;
    }
    const digits = DIGITS[Math.min(level, DIGITS.length - 1)] ?? 16;
    const extra = level - (DIGITS.length - 1);
    // The counter goes first: after two keys whose hashes collide whole, a suffix would collide too.
    const named = pending.map((p) => ({ ...p, name: cut(p.shown, limit, extra > 0 ? `${extra}\u0000${p.key}` : p.key, digits) }));
    const count = new Map<string, number>();
    for (const { name } of named) count.set(name, (count.get(name) ?? 0) + 1);
    pending = [];
    for (const entry of named) {
      if (count.get(entry.name) !== 1 || given.has(entry.name)) pending.push(entry);
      else out.set(entry.bridge, entry.name);
    }
    for (const name of out.values()) given.add(name);
  }
  return out;
}

/**
 * The agent's names, each at most 64 less its client's prefix: longer ones are cut with the hash rule
 * of shared/naming (the hash of the exact `<server>\0<name>` pair), so the same inventories give the
 * same names after every restart; cut names that would meet another name all get a longer hash.
 */
export function fitToClient(
  base: AgentNames,
  index: ReadonlyMap<string, { server: string; info: { name: string } }>,
  agent: Readonly<Agent>,
): AgentNames {
  const limit = MAX_NAME_LENGTH - prefixLength(agent.client, agent.name);
  if (limit >= MAX_NAME_LENGTH) return base;
  const known = fitted.get(index, agent);
  if (known !== undefined) return known;
  const visible = [...index].filter(([, e]) => serverAllowed(agent, e.server));
  const taken = new Set(visible.map(([bridge]) => base.shown(bridge)).filter((n) => n.length <= limit));
  const long = visible
    .map(([bridge, entry]) => ({ bridge, shown: base.shown(bridge), key: `${entry.server}\u0000${entry.info.name}` }))
    .filter((entry) => entry.shown.length > limit);
  const toShown = new Map<string, string>();
  const toBridge = new Map<string, string>();
  for (const [bridge, name] of cutNames(long, limit, taken)) {
    if (!BRIDGE_NAME.test(name)) continue;
    toShown.set(bridge, name);
    toBridge.set(name, bridge);
  }
  return fitted.set(index, agent, {
    shown: (bridge) => toShown.get(bridge) ?? base.shown(bridge),
    bridgeOf: (name) => toBridge.get(name) ?? base.bridgeOf(name),
    keptPrefix: base.keptPrefix,
  });
}
