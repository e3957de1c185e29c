import { isStdio, type McpConfig, type StdioServerConfig } from '../../shared/config';
import { commandFingerprint } from './fingerprint';

/**
 * Whether the server in force under `name` is still a demo server exactly as the project ships it
 * (what it runs, by the approval fingerprint), so a refusal can say the name is held by a demo.
 */
export function isShippedDemo(config: McpConfig, shipped: (() => Record<string, StdioServerConfig>) | undefined, name: string): boolean {
  const server = Object.hasOwn(config.mcpServers, name) ? config.mcpServers[name] : undefined;
  if (!shipped || !server || !isStdio(server)) return false;
  let entries: Record<string, StdioServerConfig>;
  try {
    entries = shipped();
  } catch {
    return false;
  }
  const entry = Object.hasOwn(entries, name) ? entries[name] : undefined;
  return entry !== undefined && commandFingerprint(server) === commandFingerprint(entry);
}
