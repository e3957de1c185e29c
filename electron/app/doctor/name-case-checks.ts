import type { DoctorCheck } from '../../../shared/api';
import { caseTwins, type ServerConfig } from '../../../shared/config';

/**
 * A warning per pair of servers whose names differ only in case (added by hand, or before such names
 * were refused): files are named after each server, so on macOS and Windows the two share their pins,
 * inventory cache and locks. The entries still load; one is to be renamed.
 */
export function nameCaseChecks(servers: Record<string, ServerConfig>): DoctorCheck[] {
  return caseTwins(Object.keys(servers)).map(([first, second]) => ({
    id: `name-case:${second}`,
    title: `Servers ${first} and ${second} differ only in case`,
    status: 'warn',
    detail: `files are named after each server (pins/, cache/inventory/, app-permissions/, auth-locks/): on macOS and Windows "${first}" and "${second}" share them, so one's pinned tools can be read as the other's`,
    fix: `rename one of them in mcp.json (remove it and add it again under a name that differs in more than case: connected-services servers remove ${second}, then servers add)`,
  }));
}
