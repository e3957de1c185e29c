import { hintedTier, type ToolInfo } from '../../../shared/api';
import { Badge } from '../../components';
import { TIER_WORD } from '../../lib';

const TIER_TONE = { read: 'ok', write: 'warn', destructive: 'error' } as const;

/**
 * The tier an agent's policy judges a tool by (given with the listing; what its hints say when not),
 * and what the tool says about itself (MCP tool annotations: hints, not guarantees).
 */
export function AnnotationBadges({ tool }: { tool: ToolInfo }) {
  const a = tool.annotations;
  const hinted = hintedTier(a);
  const tier = tool.tier ?? hinted;
  // The policy may only raise a hint's tier, from what the name says (electron/bridge/tool-tier.ts).
  const overruled = hinted !== undefined && tier !== undefined && tier !== hinted
    ? `Its name says more than the server's hint (${TIER_WORD[hinted]}): agents' policies treat it as ${TIER_WORD[tier]}.`
    : undefined;
  if (tier === undefined && !a) return null;
  return (
    <span className="badges" aria-label="Annotations">
      {tier !== undefined && <Badge tone={TIER_TONE[tier]} title={overruled}>{TIER_WORD[tier]}</Badge>}
      {a?.idempotentHint === true && <Badge tone="muted">idempotent</Badge>}
      {a?.openWorldHint === true && <Badge tone="info">open world</Badge>}
    </span>
  );
}
