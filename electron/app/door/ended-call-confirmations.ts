import type { ApiInput, ApiMethod } from '../../../shared/api';
import type { Confirmations } from './confirmations';

/** How an agent's call that waited for the person ended (the bridge's approval queue words it so). */
export interface EndedCall {
  id: string;
  reason: string;
}

export interface EndedCalls {
  on(event: 'decided', listener: (ended: EndedCall) => void): () => void;
}

const WHY: Record<string, string> = {
  cancelled: 'the agent cancelled the call it would allow',
  gone: 'the agent stopped waiting for the call it would allow',
  timeout: 'the call it would allow ran out of time',
  closed: 'the bridge stopped, ending the call it would allow',
  paused: 'the bridge was paused, ending the call it would allow',
};

/** The agent's call a request decides, when it is one: `approvals allow ID`, or `decide` of kind call. */
function callOf(method: ApiMethod, input: unknown): string | undefined {
  if (method === 'decideApproval') return (input as ApiInput<'decideApproval'>).id;
  if (method === 'decide' && (input as ApiInput<'decide'>).kind === 'call') return (input as ApiInput<'decide'>).id;
  return undefined;
}

/**
 * A request to allow an agent's call is for nobody once that call has ended (cancelled, its agent
 * gone, timed out, or decided already): it is withdrawn with it, so the person cannot allow a call
 * nobody waits for.
 */
export function withdrawWithEndedCalls(confirmations: Confirmations, calls: EndedCalls): () => void {
  return calls.on('decided', ({ id, reason }) => {
    confirmations.withdrawWhere((method, input) => callOf(method, input) === id, WHY[reason] ?? 'the call it would allow was decided already');
  });
}
