import type { McpConfig, ServerConfig } from './schema';

/**
 * The entry named `name`, or undefined. An own-property look-up: `mcpServers` is a plain object, so
 * `mcpServers['valueOf']` would find Object.prototype's function and a server named so would count
 * as configured before it was, and never be started.
 */
export function serverEntry(config: McpConfig, name: string): ServerConfig | undefined {
  return Object.hasOwn(config.mcpServers, name) ? config.mcpServers[name] : undefined;
}
