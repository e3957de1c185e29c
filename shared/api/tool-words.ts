/** Verbs that mark a tool name destructive, wherever an action of the name says one. */
export const DESTRUCTIVE_VERBS: ReadonlySet<string> = new Set([
  'delete', 'remove', 'drop', 'destroy', 'purge', 'reset', 'kill', 'revoke', 'erase', 'wipe', 'truncate',
  'terminate', 'uninstall', 'clear', 'rm', 'del', 'unlink', 'overwrite', 'force', 'shred', 'nuke', 'ban',
]);

/** `createIssue`, `create_issue`, `create-issue`, `issues.create` → lower-case words. */
export function toolNameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/** The first destructive verb in a tool's name (`revoke` of `revokeToken`), so a screen can say which. */
export function destructiveWordOf(name: string): string | undefined {
  return toolNameWords(name).find((word) => DESTRUCTIVE_VERBS.has(word));
}
