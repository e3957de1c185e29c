import { currentError, type ServerStatus } from '../../shared/api';
import type { WireError } from '../../shared/errors';

/**
 * The error a service's page shows under Last error: its current one, except a start refused while
 * its entry waits for approval (the header's Approve says what to do, on the entry as it is now).
 */
export function pageLastError(status: Pick<ServerStatus, 'state' | 'approval' | 'lastError'>): WireError | undefined {
  if (status.approval === 'pending' && status.lastError?.code === 'denied') return undefined;
  return currentError(status);
}
