import { appCallDecision } from '../../../shared/api';
import type { AppCalls } from '../apps/app-calls';
import type { DecisionSource } from './decision-queue';

/** Write and destructive calls opened MCP Apps ask for (AppCalls): the person allows or denies each. */
export function appCallDecisions(calls: AppCalls): DecisionSource<'appCall'> {
  return {
    kind: 'appCall',
    list: () => calls.list().map(appCallDecision),
    decide: ({ id, answer }) => Promise.resolve({ outcome: calls.decide(id, answer.decision) }),
    watch: (added, settled) => [
      calls.on('pending', (call) => added(appCallDecision(call))),
      calls.on('decided', ({ id, outcome }) => settled({ id, outcome, ...(outcome === 'timeout' || outcome === 'closed' ? { who: 'core' as const } : {}) })),
    ],
  };
}
