import { isStdio, type McpConfig, type StdioServerConfig } from '../../shared/config';
import type { FileCommandApprovalStore } from './command-approvals';
import { commandFingerprint } from './fingerprint';

/**
 * A demo server approved by an earlier version, still exactly as the project ships it, keeps its
 * approval although that version's fingerprint left its env values out: the project ships them.
 */
export async function renewShippedApprovals(
  approvals: FileCommandApprovalStore,
  config: McpConfig,
  shipped: (() => Record<string, StdioServerConfig>) | undefined,
  log: (line: string) => void,
): Promise<void> {
  if (!shipped || !approvals.hasVersion1()) return;
  let entries: Record<string, StdioServerConfig>;
  try {
    entries = shipped();
  } catch (error) {
    log(`the demo servers could not be listed to renew their approvals: ${String(error)}`);
    return;
  }
  const current = config.mcpServers;
  for (const [name, entry] of Object.entries(entries)) {
    const server = Object.hasOwn(current, name) ? current[name] : undefined;
    if (!server || !isStdio(server) || commandFingerprint(server) !== commandFingerprint(entry)) continue;
    if (approvals.status(name, server) === 'pending' && approvals.approvedBefore(name, server)) await approvals.approve(name, server);
  }
}
