import { callDecision, type AppApi, type DecisionDecider } from '../../../shared/api';
import type { ApprovalReason, Bridge } from '../../bridge';
import { pendingView } from '../agents/bridge-api';
import type { DecisionSource } from './decision-queue';

/** Who ended a call's wait when it was not the person. */
const NOT_THE_PERSON: Partial<Record<ApprovalReason, DecisionDecider>> = {
  remembered: 'core',
  timeout: 'core',
  closed: 'core',
  paused: 'core',
  flood: 'core',
  cancelled: 'agent',
  gone: 'agent',
};

/**
 * Agents' calls held by an `ask` policy (the bridge's CallApprovalQueue). Deciding goes through the
 * same App API method as before (`decideApproval`), so its checks and errors are unchanged.
 */
export function callDecisions(bridge: Bridge, api: Pick<AppApi, 'decideApproval'>): DecisionSource<'call'> {
  return {
    kind: 'call',
    list: () => bridge.approvals.list().map((p) => callDecision(pendingView(p))),
    decide: async ({ id, answer }) => {
      await api.decideApproval({ id, decision: answer.decision, ...(answer.remember !== undefined ? { remember: answer.remember } : {}) });
      return { outcome: answer.decision === 'allow' ? 'allowed' : 'denied' };
    },
    watch: (added, settled) => [
      bridge.approvals.on('pending', (p) => added(callDecision(pendingView(p)))),
      bridge.approvals.on('decided', ({ id, outcome, reason }) => {
        const who = NOT_THE_PERSON[reason];
        // A timeout is its own outcome, as `approvalDecided` words it; the other ends are in `who`.
        settled({ id, outcome: reason === 'timeout' ? 'timeout' : outcome, ...(who ? { who } : {}) });
      }),
    ],
  };
}
