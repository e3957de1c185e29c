import type { ServerStatus } from './views';

/**
 * Whether a listing starts the server once first: enabled, approved (or needing none), and never
 * inventoried, so its first listing is not empty; later listings read the cached inventory
 * (`refresh`: start it again anyway). The command line's `tools` and the library's listings share it.
 */
export function needsFirstStart(status: Pick<ServerStatus, 'enabled' | 'approval' | 'inventoryUpdatedAt'>, refresh = false): boolean {
  return status.enabled && status.approval !== 'pending' && (refresh || status.inventoryUpdatedAt === undefined);
}
