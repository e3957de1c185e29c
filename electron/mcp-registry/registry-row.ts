import type { RegistryRow } from '../../shared/api';
import type { CheckedEntry } from './entry-check';
import { isSemver } from './semver-order';
import { MAX_LATEST_COUNTED } from './sync-held';

/** One checked entry as the catalog shows it (look-alike notes aside: they need every row). */
export function rowOf(base: string, entry: CheckedEntry): RegistryRow {
  const { server } = entry;
  return {
    registry: base,
    name: server.name,
    ...(server.title !== undefined ? { title: server.title } : {}),
    description: server.description,
    version: server.version,
    status: entry.status === 'deprecated' ? 'deprecated' : 'active',
    ...(entry.statusMessage !== undefined ? { statusMessage: entry.statusMessage } : {}),
    ...(entry.latestMarked !== undefined ? { latestMarked: entry.latestMarked } : {}),
    // Counting stopped there: more may have been marked.
    ...(entry.latestMarked !== undefined && entry.latestMarked >= MAX_LATEST_COUNTED ? { latestMarkedAtLeast: true as const } : {}),
    // None of them a semantic version: mergeEntry kept the last listed, not a highest.
    ...(entry.latestMarked !== undefined && !isSemver(server.version) ? { latestLastListed: true as const } : {}),
    packages: (server.packages ?? []).map((p) => ({ registryType: p.registryType, identifier: p.identifier })),
    remotes: (server.remotes ?? []).map((r) => r.type),
  };
}
