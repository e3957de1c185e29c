import { CodedError } from '../../shared/errors';
import { agentError, denied, type AgentError } from './agent-errors';
import type { DecidedApproval } from './call-approval-queue';

const RESUME = 'ask the person to resume it in Connected Services';

export function pausedError(server?: string): AgentError {
  return denied('the person paused the bridge: no calls go through', RESUME, server);
}

/** The person said no (or did not answer): the agent learns why, not more. */
export function notApproved(decided: DecidedApproval, server: string): AgentError {
  const seconds = Math.round((decided.expiresAt - decided.requestedAt) / 1000);
  const ask = 'ask the person to approve it in Connected Services, or to allow this tool for your agent';
  switch (decided.reason) {
    case 'timeout':
      return denied(`nobody approved the call within ${seconds} s`, ask, server);
    case 'closed':
      return denied('the bridge stopped before the call was approved', ask, server);
    case 'paused':
      return pausedError(server);
    case 'flood':
      return agentError(new CodedError('rate_limited', 'too many of your calls are already waiting for the person', { hint: 'wait for those to be decided before asking again' }), server);
    default:
      return denied('the person denied the call', ask, server);
  }
}
