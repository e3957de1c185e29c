import type { McpConfig } from '../../shared/config';

/**
 * `settings.uiSessionIdleMs` as the config says when asked: the web server asks at each idle check,
 * so a change saved through the App API or in mcp.json applies without a restart (undefined: the default).
 */
export function uiSessionIdleSetting(config: () => McpConfig): () => number | undefined {
  return () => config().settings?.uiSessionIdleMs;
}
