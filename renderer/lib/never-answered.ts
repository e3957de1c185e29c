import type { ServerStatus } from '../../shared/api';
import { pageLastError } from './page-last-error';

/** unreachable.ts: a request that got no answer at all, its address as written. */
const NOT_REACHED = /^could not reach "/;

/** map-error.ts: a start whose initialize had no answer in time. */
const START_TIMED_OUT = / did not finish starting within /;

/**
 * An address service whose failure is that it never answered (refused, a name that does not
 * resolve, a connection or start that timed out): it has no program of its own writing logs, and
 * it has not asked for a sign-in, so neither is offered; the fix is its address or its server.
 */
export function neverAnswered(status: Pick<ServerStatus, 'transport' | 'state' | 'approval' | 'lastError'>): boolean {
  if (status.transport !== 'http') return false;
  const error = pageLastError(status);
  if (error === undefined) return false;
  if (error.code === 'server_unavailable') return typeof error.data?.['network'] === 'string' || NOT_REACHED.test(error.message);
  return error.code === 'timeout' && START_TIMED_OUT.test(error.message);
}
