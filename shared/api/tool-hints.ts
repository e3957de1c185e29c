import type { ToolInfo } from './views';

/**
 * What a tool's annotations say of its tier (MCP 2025-06-18, server/tools "Tool annotations"), the
 * riskier of two that disagree; undefined when they say nothing of it.
 */
export function hintedTier(hints: ToolInfo['annotations']): NonNullable<ToolInfo['tier']> | undefined {
  let tier: NonNullable<ToolInfo['tier']> | undefined;
  if (hints?.readOnlyHint === true) tier = 'read';
  if (hints?.readOnlyHint === false) tier = 'write';
  if (hints?.destructiveHint === true) tier = 'destructive';
  return tier;
}
