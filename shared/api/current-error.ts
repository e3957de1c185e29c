import type { WireError } from '../errors';
import type { ServerStatus } from './views';

/**
 * The last error while it still tells why a server is not working: it failed (`error`), waits for a
 * sign-in (`needs_auth`), or a start was refused while it waits for approval. Once it starts, signs in
 * or stops fine, the error is history: the core keeps it (and the state history shows it), nobody is told it as now.
 */
export function currentError(status: Pick<ServerStatus, 'state' | 'approval' | 'lastError'>): WireError | undefined {
  if (status.state === 'error' || status.state === 'needs_auth' || status.approval === 'pending') return status.lastError;
  return undefined;
}
