import type { ToolPolicy } from './schema';

function wildcard(pattern: string): RegExp {
  const body = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${body}$`);
}

/** Per-tool allow/deny from mcp.json: deny wins; an allow list, when present, is exhaustive. */
export function isToolAllowed(policy: ToolPolicy | undefined, tool: string): boolean {
  if (!policy) return true;
  if (policy.deny?.some((p) => wildcard(p).test(tool))) return false;
  if (policy.allow) return policy.allow.some((p) => wildcard(p).test(tool));
  return true;
}
