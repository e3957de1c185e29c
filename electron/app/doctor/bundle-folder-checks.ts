import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DoctorCheck } from '../../../shared/api';
import type { Registry } from '../../registry';
import { entriesInUse } from '../servers/remove-server';

/** MiB with one decimal: sizes of folders, said to a person. */
export function shownSize(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** A warning when bundles/ holds folders no entry names (bundles installed before removals pruned them). */
export async function bundleFolderChecks(registry: Registry): Promise<DoctorCheck[]> {
  // The registry's code loads only where bundles were ever unpacked.
  if (!existsSync(path.join(registry.dataDir, 'bundles'))) return [];
  const { orphanedBundles } = await import('../../mcp-registry');
  const orphans = await orphanedBundles(registry.dataDir, entriesInUse(registry)).catch(() => []);
  if (orphans.length === 0) return [];
  const bytes = orphans.reduce((sum, o) => sum + o.bytes, 0);
  return [{
    id: 'bundle-folders',
    title: 'Bundle folders',
    status: 'warn',
    detail: `${orphans.length} folder(s) under ${path.join(registry.dataDir, 'bundles')} (${shownSize(bytes)}) belong to no server any more`,
    fix: 'see them with connected-services servers prune-bundles --dry-run, then remove them with connected-services servers prune-bundles',
  }];
}
