import type { ToolInfo } from '../../../shared/api';
import { Badge } from '../../components';

/** What a tool says about itself (MCP tool annotations: hints, not guarantees). */
export function AnnotationBadges({ tool }: { tool: ToolInfo }) {
  const a = tool.annotations;
  if (!a) return null;
  return (
    <span className="badges" aria-label="Annotations">
      {a.readOnlyHint === true && <Badge tone="ok">read-only</Badge>}
      {a.destructiveHint === true && a.readOnlyHint !== true && <Badge tone="error">destructive</Badge>}
      {a.readOnlyHint !== true && a.destructiveHint !== true && <Badge tone="warn">writes</Badge>}
      {a.idempotentHint === true && <Badge tone="muted">idempotent</Badge>}
      {a.openWorldHint === true && <Badge tone="info">open world</Badge>}
    </span>
  );
}
