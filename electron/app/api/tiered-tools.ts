import type { ToolInfo } from '../../../shared/api';
import { toolTier } from '../../bridge';

/**
 * Each tool with the tier an agent's policy judges it by, so a screen shows what the bridge does and
 * not only the server's hints (`delete_everything` marked readOnlyHint is destructive). New objects:
 * the pool's are kept by their digests and never changed in place.
 */
export function withTiers(tools: readonly ToolInfo[]): ToolInfo[] {
  return tools.map((tool) => ({ ...tool, tier: toolTier(tool) }));
}
