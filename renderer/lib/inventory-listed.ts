import type { ServerStatus } from '../../shared/api';

/**
 * Whether the server has listed its tools once: a pending, idle or starting one that never did has
 * no inventory, and "0 tools" would read as "this service has none".
 */
export function inventoryListed(status: Pick<ServerStatus, 'inventoryUpdatedAt' | 'toolCount' | 'resourceCount' | 'promptCount'>): boolean {
  return status.inventoryUpdatedAt !== undefined || status.toolCount + status.resourceCount + status.promptCount > 0;
}
