import { DESTRUCTIVE_VERBS, hintedTier, toolNameWords, type ToolInfo } from '../../shared/api';
import type { Tier } from './agent-schema';

// Verbs that often change something (open_pull_request, resolve_incident, check_in, download to disk)
// are deliberately not here: an unknown first word falls back to the rest of the name, then to write.
const READ_VERBS = new Set([
  'get', 'list', 'read', 'search', 'find', 'fetch', 'describe', 'query', 'show', 'view', 'lookup', 'look',
  'count', 'inspect', 'browse', 'retrieve', 'status', 'info', 'stat', 'stats', 'explain', 'preview',
  'summarize', 'validate', 'verify', 'diff', 'compare', 'echo', 'ping', 'whoami', 'analyze', 'print', 'peek',
  'scan', 'watch', 'tail', 'head',
]);

/** Words that join two actions in one name: `search_and_replace`, `get_or_create_user`. */
const CONJUNCTIONS = new Set(['and', 'or', 'then', 'plus']);

const WRITE_VERBS = new Set([
  'create', 'update', 'write', 'send', 'set', 'add', 'post', 'put', 'patch', 'move', 'rename', 'upload',
  'insert', 'edit', 'modify', 'append', 'save', 'submit', 'publish', 'merge', 'commit', 'push', 'deploy',
  'run', 'exec', 'execute', 'start', 'stop', 'restart', 'invite', 'assign', 'approve', 'close', 'comment',
  'reply', 'import', 'sync', 'toggle', 'enable', 'disable', 'trigger', 'schedule', 'cancel', 'copy', 'fork',
  'transfer', 'pay', 'book', 'order', 'apply', 'replace', 'upsert', 'register', 'mark', 'star', 'share',
  'tag', 'label', 'lock', 'unlock', 'archive', 'install', 'generate', 'make', 'new', 'change', 'open',
  'resolve', 'download',
]);

export { toolNameWords as wordsOf };

function tierOfWord(word: string): Tier | undefined {
  if (DESTRUCTIVE_VERBS.has(word)) return 'destructive';
  if (WRITE_VERBS.has(word)) return 'write';
  if (READ_VERBS.has(word)) return 'read';
  return undefined;
}

const DANGER: Record<Tier, number> = { read: 0, write: 1, destructive: 2 };

function riskier(a: Tier | undefined, b: Tier): Tier {
  return a === undefined || DANGER[b] > DANGER[a] ? b : a;
}

/** One action's words: its first word decides when it is a known verb (`get_deleted_items` reads); undefined when none is known. */
function tierOfClause(words: string[]): Tier | undefined {
  const first = words[0] === undefined ? undefined : tierOfWord(words[0]);
  if (first) return first;
  let found: Tier | undefined;
  for (const word of words) {
    const tier = tierOfWord(word);
    if (tier) found = riskier(found, tier);
  }
  return found;
}

/** A name's actions: `list_and_delete_branches` → [list], [delete, branches]. */
function clausesOf(name: string): string[][] {
  const clauses: string[][] = [[]];
  for (const word of toolNameWords(name)) {
    if (CONJUNCTIONS.has(word)) clauses.push([]);
    else clauses[clauses.length - 1]?.push(word);
  }
  return clauses.filter((clause) => clause.length > 0);
}

/** The most dangerous of the actions a name joins, an action of no known verb counting as `unknown`. */
function tierOfClauses(name: string, unknown: Tier | undefined): Tier | undefined {
  let tier: Tier | undefined;
  for (const clause of clausesOf(name)) {
    const said = tierOfClause(clause) ?? unknown;
    if (said) tier = riskier(tier, said);
  }
  return tier;
}

/**
 * The tier a tool name suggests. A name may join several actions (`list_and_delete_branches`): each
 * is judged on its own and the most dangerous wins. Unknown tools are not assumed harmless.
 */
export function tierFromName(name: string): Tier {
  return tierOfClauses(name, 'write') ?? 'write';
}

/**
 * The tier of a tool: the riskier of what its annotations and its name say. Annotations are hints
 * a client must treat as untrusted unless the server is trusted (MCP 2025-06-18, server/tools "Tool
 * annotations"), so they may raise a tier but never lower what the name says: `delete_everything`
 * marked readOnlyHint stays destructive. What no known verb of the name speaks for (`weather`)
 * takes the annotations' tier.
 */
export function toolTier(tool: Pick<ToolInfo, 'name' | 'annotations'>): Tier {
  const annotated = hintedTier(tool.annotations);
  if (annotated === undefined) return tierFromName(tool.name);
  return riskier(tierOfClauses(tool.name, undefined), annotated);
}
