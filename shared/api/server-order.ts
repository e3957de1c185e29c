import { compareNames } from '../text';
import { moreAccessNeeded } from './bridge-views';
import type { ServerStatus } from './views';

/** What a server needs from the person, worst first in `HEALTH_ORDER`. */
export type ServerHealth = 'failed' | 'sign-in' | 'approval' | 'fine' | 'disabled';

export function serverHealth(status: ServerStatus): ServerHealth {
  if (!status.enabled) return 'disabled';
  if (status.approval === 'pending') return 'approval';
  if (status.state === 'error') return 'failed';
  if (status.state === 'needs_auth' || (status.state !== 'starting' && moreAccessNeeded(status.auth).length > 0)) return 'sign-in';
  return 'fine';
}

export const HEALTH_ORDER: Record<ServerHealth, number> = { failed: 0, 'sign-in': 1, approval: 2, fine: 3, disabled: 4 };

/** The one order of services for the tray and the services list: failed first, then sign-in, approval, fine, disabled; by name within each. */
export function byAttention(a: ServerStatus, b: ServerStatus): number {
  return HEALTH_ORDER[serverHealth(a)] - HEALTH_ORDER[serverHealth(b)] || compareNames(a.name, b.name);
}

/** Enabled servers that failed (state `error`), the ones "Restart all that failed" restarts. */
export function failedServers(statuses: readonly ServerStatus[]): ServerStatus[] {
  return statuses.filter((s) => serverHealth(s) === 'failed');
}

/** Running or on its way (`ready`, `starting`): what Stop and `servers stop --all` stop. */
export function isRunning(status: ServerStatus): boolean {
  return status.state === 'ready' || status.state === 'starting';
}
