import { serverEntry } from '../../../shared/config';
import { readTextFile } from '../../fs-safe';
import { MAX_CONFIG_BYTES, type Registry } from '../../registry';

/**
 * Removes a server, then the bundle folders (bundles/ID@VERSION-SHA256) it ran from that no other entry
 * names: mcp.json as written (an entry skipped as invalid still needs its folder once fixed) and those
 * declared in code. Where mcp.json cannot be read, only the entry is removed: a folder is never removed
 * on a guess. Returns the folders removed.
 */
export async function removeServerAndBundles(registry: Registry, name: string, settled: () => Promise<void>): Promise<string[]> {
  const entry = serverEntry(registry.config(), name);
  await registry.removeServer(name);
  await settled();
  if (entry === undefined) return [];
  try {
    // Loaded here, as the registry's other code is (registry-api.ts), not with every start.
    const { pruneBundleFolders } = await import('../../mcp-registry');
    // Read under the bundles' lock: an entry an install writes after it has claimed its folder first.
    const inUse = async () => `${await readTextFile(registry.file, MAX_CONFIG_BYTES)}\n${JSON.stringify(registry.config().mcpServers)}`;
    return await pruneBundleFolders(registry.dataDir, entry, inUse);
  } catch {
    // The entry is removed, which is what was asked; a folder left is only disk space.
    return [];
  }
}
