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
    return await pruneBundleFolders(registry.dataDir, entry, entriesInUse(registry));
  } catch {
    // The entry is removed, which is what was asked; a folder left is only disk space.
    return [];
  }
}

/**
 * The text of every entry a bundle folder may be named in: mcp.json as written (entries skipped as
 * invalid included) and those declared in code. Read under the bundles' lock (bundle-claims.ts): an
 * install writes its entry after it has claimed its folder. Throws where mcp.json cannot be read.
 */
export function entriesInUse(registry: Registry): () => Promise<string> {
  return async () => `${await readTextFile(registry.file, MAX_CONFIG_BYTES)}\n${JSON.stringify(registry.config().mcpServers)}`;
}
