import type { ToolInfo } from '../../../shared/api';
import { Badge } from '../../components';

/** Whether a tool has an MCP App (SEP-1865): an interface of its own, or a tool only its app calls. */
export function AppBadge({ tool }: { tool: ToolInfo }) {
  const app = tool.app;
  if (!app) return null;
  const onlyApp = !app.visibility.includes('model');
  if (app.resourceUri !== undefined) {
    return (
      <span className="badges" title="This tool shows an interface of its own (an MCP App)">
        <Badge tone="info">has an app</Badge>
      </span>
    );
  }
  return onlyApp ? (
    <span className="badges" title="Only the service's own app calls this tool; agents' models are not offered it">
      <Badge tone="muted">for its app only</Badge>
    </span>
  ) : null;
}
