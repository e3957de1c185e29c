import { CodedError, type CodedErrorOptions, type ErrorCode } from '../../shared/errors';
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
    case 'gone':
      return denied('you stopped waiting before the call was approved', ask, server);
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

/**
 * A call the bridge itself ends for a fault of the agent's, not the server's: its cancel carries this
 * as the reason, and the gate answers and audits the call as this refusal (call-gate.ts), not as
 * whatever the server or the pool made of the cancel.
 */
export class CallRefused extends CodedError {
  constructor(
    code: ErrorCode,
    message: string,
    options: CodedErrorOptions,
    /** What the server is told as the cancel's reason (notifications/cancelled `reason` is the reason's text): the message speaks to the agent. */
    private readonly upstream: string,
  ) {
    super(code, message, options);
  }

  override toString(): string {
    return this.upstream;
  }
}

/** `ms` as a person reads it: whole minutes as minutes, else seconds. */
function duration(ms: number): string {
  return ms >= 60_000 && ms % 60_000 === 0 ? `${ms / 60_000} min` : `${Math.max(1, Math.round(ms / 1000))} s`;
}

/**
 * A 2026-07-28 agent already holds `limit` calls open, each waiting for its retry (input-rounds.ts),
 * and a server asks for input during one more: that call ends, told what to do (MCP 2026-07-28
 * basic/patterns/mrtr: a client answers a round by retrying with `inputResponses` and `requestState`).
 */
export function tooManyHeld(limit: number, windowMs: number): CallRefused {
  return new CallRefused('rate_limited', `your agent already holds ${limit} calls waiting for it to answer their services' questions (each sent to it as an input_required result, or about to be), so the bridge ended this call when its service asked for input`, {
    hint: `answer those calls (retry each with its inputResponses and requestState; a decline or cancel ends it) or abandon them (each ends ${duration(windowMs)} after its input_required result), then call again`,
  }, `the bridge ended the call: its agent already holds ${limit} calls waiting for its answers`);
}

/**
 * A 2026-07-28 agent's retry of a call that would no longer pass the gate (call-gate.ts stillPasses):
 * the call ends with the refusal a new call gets, its server's requests dismissed, the answers unsent.
 */
export function retryRefused(refusal: AgentError): CallRefused {
  return new CallRefused(refusal.code, refusal.message, refusal.hint === undefined ? {} : { hint: refusal.hint }, `the bridge ended the call: ${refusal.message}`);
}
