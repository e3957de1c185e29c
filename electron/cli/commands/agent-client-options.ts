import { AGENT_LISTING_BOUND, CONFIG_TARGETS, listingSize, MAX_CLIENT_PREFIX, NAME_CLIENTS, type AgentClientView, type AgentView, type ConfigTarget, unknownPrefixReason } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { givenText } from '../empty-values';
import { clientSuggestion } from './client-suggestions';

/** `--for` of `agents add` and `agents set` (issue #32): the client whose prefix an agent's names fit. */
export const CLIENT_HELP = `names fit ${NAME_CLIENTS.join(', ')}, or a prefix length 0-${MAX_CLIENT_PREFIX}`;

/** The words `agents add --for` takes: every client (shared/api/agent-clients.ts), each with a configuration to print. */
const FOR_ON_ADD = CONFIG_TARGETS;
/** Named in the help, not left out: clients whose prefix is not known, so no names are fitted for them. */
const NO_PREFIX = CONFIG_TARGETS.filter((c) => !NAME_CLIENTS.some((n) => n === c));

export const FOR_ON_ADD_HELP = `its client (${FOR_ON_ADD.join(', ')}) or a prefix length 0-${MAX_CLIENT_PREFIX}: the client's configuration is printed, and its names are made to fit that prefix (not known for ${NO_PREFIX.join(', ')}: give --for N on agents set)`;

/** A client's name in any case: `Cursor` is cursor (every name is lower-case). */
function wordOf(value: string): string {
  return value.trim().toLowerCase();
}

function clientOf(value: string): AgentClientView | undefined {
  const text = wordOf(value);
  if (/^\d{1,3}$/.test(text)) {
    const length = Number(text);
    if (length > MAX_CLIENT_PREFIX) throw new CodedError('invalid_input', `--for takes a prefix length of at most ${MAX_CLIENT_PREFIX}, not ${length}`, { hint: 'Our own tools’ names must still fit within 64 characters' });
    return length;
  }
  return NAME_CLIENTS.find((c) => c === text);
}

function unknown(value: string, choices: readonly string[]): CodedError {
  const meant = clientSuggestion('--for', value, choices);
  // A client we know but whose prefix we do not (shared/api/agent-clients.ts).
  const known = CONFIG_TARGETS.find((c) => c === wordOf(value));
  const noPrefix = known === undefined ? undefined : unknownPrefixReason(known);
  return new CodedError('invalid_input', `--for takes ${choices.join(', ')} or a prefix length, not "${value}"`, {
    hint:
      known !== undefined && noPrefix !== undefined
        ? `For ${known}, ${noPrefix}, or leave --for out; \`connected-services agents config AGENT --for ${known}\` prints its entry`
        : (meant ?? `Name the client the agent runs in (one of those), or the length of the prefix it puts before tool names`),
  });
}

/** `agents config --for`: a client we write a configuration for; a typo gets the one it likely meant. */
export function parseTarget(value: string): ConfigTarget {
  const target = CONFIG_TARGETS.find((t) => t === wordOf(value));
  if (target !== undefined) return target;
  throw new CodedError('invalid_input', `--for takes a client whose configuration it prints: ${CONFIG_TARGETS.join(', ')}; not "${value}"`, {
    hint: clientSuggestion('--for', value, CONFIG_TARGETS) ?? '`connected-services agents clients` lists the clients found on this computer',
  });
}

/** `agents set --for`: a client, a prefix length, or `none` (forget it; commander turns a null into '', so a word). */
export function parseClient(value: string): AgentClientView | 'none' {
  if (wordOf(value) === 'none') return 'none';
  const client = clientOf(value);
  if (client === undefined) throw unknown(value, [...NAME_CLIENTS, 'none']);
  return client;
}

/** `agents set --for ''` forgets the client, as an empty `servers edit` option clears its field. */
export function parseClientOnSet(value: string): AgentClientView | 'none' {
  return givenText(value) === undefined ? 'none' : parseClient(value);
}

export interface ForOnAdd {
  /** The configuration to print, when the client is one we write configurations for. */
  target?: ConfigTarget;
  /** The client recorded for its names, when it is one whose prefix we know (or a length). */
  client?: AgentClientView;
}

/** `agents add --for`: a configuration target, and the client for names where its prefix is known (or a length alone). */
export function parseForOnAdd(value: string): ForOnAdd {
  const text = wordOf(value);
  const target = CONFIG_TARGETS.find((t) => t === text);
  const client = clientOf(text);
  if (target === undefined && client === undefined) throw unknown(value, FOR_ON_ADD);
  return { ...(target !== undefined ? { target } : {}), ...(client !== undefined ? { client } : {}) };
}

/** Which an `auto` agent gets now, by its tools' count and estimated tokens (AUTO_SEARCH_TOOLS, AUTO_SEARCH_TOKENS). */
function autoNow(listing: AgentView['autoListing']): string {
  if (listing === undefined) return '';
  return listing.searches ? `: it searches now (${listingSize(listing)})` : `: it lists them now (${listingSize(listing)})`;
}

/** What `agents list` and `set` say of an agent's tool mode and client (nothing for the defaults). */
export function toolModeNotes(agent: AgentView): string[] {
  const notes: string[] = [];
  if (agent.toolMode === 'search') notes.push(`${agent.name} lists search_tools and call tools instead of its tools (tool mode search).`);
  if (agent.toolMode === 'auto') notes.push(`${agent.name} lists its tools, or search_tools and call tools once they pass a size (tool mode auto)${autoNow(agent.autoListing)}.`);
  if (agent.boundSearched === '*') notes.push(`${agent.name}'s servers list tools past ${AGENT_LISTING_BOUND} together: it lists search_tools and call tools instead of them (tool mode all).`);
  else if (agent.boundSearched !== undefined) notes.push(`${agent.name} finds the tools of ${agent.boundSearched.join(', ')} through search_tools: each lists tools past ${AGENT_LISTING_BOUND}; its other servers' tools stay listed (tool mode all).`);
  if (agent.listFound === true) {
    notes.push(
      agent.toolMode === 'search' || agent.toolMode === 'auto' || agent.boundSearched !== undefined
        ? `While ${agent.name} searches, the tools it finds join its listing (list_changed).`
        : `${agent.name} would list the tools it finds, but it does not search (tool mode all): set --tool-mode search or auto, or --no-list-found.`,
    );
  }
  if (agent.client !== undefined) {
    const who = typeof agent.client === 'number' ? `a client prefix of ${agent.client} characters` : agent.client;
    notes.push(`${agent.name}'s names are made to fit ${who}.`);
  }
  return notes;
}
