/**
 * Our entry's name in a client's configuration and VS Code's input id for its token: one per agent,
 * so each can be found and removed. The printed snippet (`agents add --for`, `agents config`, the
 * app's "Show configuration to paste") and `agents connect` both name it here, so a pasted entry and a written one
 * are the same entry.
 */
export function entryName(agent: string): string {
  return `connected-services-${agent.toLowerCase().replace(/[^a-z0-9_-]+/g, '-')}`;
}

/** VS Code's input id for an agent's token. */
export function inputId(agent: string): string {
  return entryName(agent).replace('connected-services-', 'connected-services-token-');
}
