import { hintedTier, type ToolInfo } from '../../../shared/api';
import { Badge } from '../../components';
import { TIER_WORD } from '../../lib';

const TIER_TONE = { read: 'ok', write: 'warn', destructive: 'error' } as const;

/**
 * The tier an agent's policy judges a tool by, as the listing gives it, and what the tool says about
 * itself (MCP tool annotations: hints, not guarantees). A listing without the tier shows the hint
 * marked as the server's, never in the policy's colours.
 */
export function AnnotationBadges({ tool }: { tool: ToolInfo }) {
  const a = tool.annotations;
  const hinted = hintedTier(a);
  const tier = tool.tier;
  // The policy may only raise a hint's tier, from what the name says (electron/bridge/tool-tier.ts).
  const overruled = hinted !== undefined && tier !== undefined && tier !== hinted ? hinted : undefined;
  if (tier === undefined && !a) return null;
  return (
    <span className="badges" aria-label="Annotations">
      {tier !== undefined && (
        <Badge
          tone={TIER_TONE[tier]}
          title={overruled === undefined ? undefined : `Its name says more than the server's hint (${TIER_WORD[overruled]}): agents' policies treat it as ${TIER_WORD[tier]}.`}
        >
          {TIER_WORD[tier]}
        </Badge>
      )}
      {/* Short, so the row wraps between tags; which hint it outranks is in the visible words (a title reaches no keyboard, touch or screen reader). */}
      {overruled !== undefined && <Badge tone="muted" title={`Its name outranks the server's ${TIER_WORD[overruled]} hint.`}>{`name outranks ${TIER_WORD[overruled]} hint`}</Badge>}
      {tier === undefined && hinted !== undefined && <Badge tone="muted">{`server says: ${TIER_WORD[hinted]}`}</Badge>}
      {a?.idempotentHint === true && <Badge tone="muted">idempotent</Badge>}
      {a?.openWorldHint === true && <Badge tone="info">open world</Badge>}
    </span>
  );
}
