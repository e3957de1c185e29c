import type { ToolInfo } from '../../shared/api';
import type { Tier } from './agent-schema';

const READ_VERBS = new Set([
  'get', 'list', 'read', 'search', 'find', 'fetch', 'describe', 'query', 'show', 'view', 'lookup', 'look',
  'check', 'count', 'inspect', 'browse', 'retrieve', 'download', 'export', 'status', 'info', 'stat', 'stats',
  'explain', 'preview', 'summarize', 'validate', 'verify', 'diff', 'compare', 'resolve', 'echo', 'ping', 'whoami',
  'analyze', 'print', 'peek', 'scan', 'watch', 'tail', 'head', 'load', 'open',
]);

const DESTRUCTIVE_VERBS = new Set([
  'delete', 'remove', 'drop', 'destroy', 'purge', 'reset', 'kill', 'revoke', 'erase', 'wipe', 'truncate',
  'terminate', 'uninstall', 'clear', 'rm', 'del', 'unlink', 'overwrite', 'force', 'shred', 'nuke', 'ban',
]);

const WRITE_VERBS = new Set([
  'create', 'update', 'write', 'send', 'set', 'add', 'post', 'put', 'patch', 'move', 'rename', 'upload',
  'insert', 'edit', 'modify', 'append', 'save', 'submit', 'publish', 'merge', 'commit', 'push', 'deploy',
  'run', 'exec', 'execute', 'start', 'stop', 'restart', 'invite', 'assign', 'approve', 'close', 'comment',
  'reply', 'import', 'sync', 'toggle', 'enable', 'disable', 'trigger', 'schedule', 'cancel', 'copy', 'fork',
  'transfer', 'pay', 'book', 'order', 'apply', 'replace', 'upsert', 'register', 'mark', 'star', 'share',
  'tag', 'label', 'lock', 'unlock', 'archive', 'install', 'generate', 'make', 'new', 'change', 'reply',
]);

/** `createIssue`, `create_issue`, `create-issue`, `issues.create` → lower-case words. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

function tierOfWord(word: string): Tier | undefined {
  if (DESTRUCTIVE_VERBS.has(word)) return 'destructive';
  if (WRITE_VERBS.has(word)) return 'write';
  if (READ_VERBS.has(word)) return 'read';
  return undefined;
}

/**
 * The tier a tool name suggests: its first word when that is a known verb (`get_deleted_items` reads),
 * else the most dangerous known verb anywhere in it, else `write` (unknown tools are not assumed harmless).
 */
export function tierFromName(name: string): Tier {
  const words = wordsOf(name);
  const first = words[0] === undefined ? undefined : tierOfWord(words[0]);
  if (first) return first;
  const tiers = new Set(words.map(tierOfWord));
  if (tiers.has('destructive')) return 'destructive';
  if (tiers.has('write')) return 'write';
  if (tiers.has('read')) return 'read';
  return 'write';
}

/**
 * The tier of a tool. Annotations come first (MCP 2025-06-18, server/tools "Tool annotations"):
 * readOnlyHint true → read; destructiveHint true → destructive; readOnlyHint false → write.
 * Without them the name decides; a destructiveHint of false caps a destructive-sounding name at write.
 */
export function toolTier(tool: Pick<ToolInfo, 'name' | 'annotations'>): Tier {
  const hints = tool.annotations;
  if (hints?.readOnlyHint === true) return 'read';
  if (hints?.destructiveHint === true) return 'destructive';
  if (hints?.readOnlyHint === false) return 'write';
  const byName = tierFromName(tool.name);
  if (byName === 'destructive' && hints?.destructiveHint === false) return 'write';
  return byName;
}
