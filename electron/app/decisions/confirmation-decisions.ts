import { confirmationDecision, type Caller, type DecideOutput } from '../../../shared/api';
import type { Confirmations } from '../door/confirmations';
import type { DecisionSource } from './decision-queue';

export interface ConfirmationDeciding {
  decideConfirmation(input: { id: string; decision: 'confirm' | 'refuse' }, who?: Caller): Promise<DecideOutput>;
}

/**
 * Widenings asked from the command line (Confirmations). Deciding goes through `decideConfirmation`,
 * which runs the change as the person and writes the admin log as before.
 */
export function confirmationDecisions(confirmations: Confirmations, admin: ConfirmationDeciding): DecisionSource<'confirmation'> {
  return {
    kind: 'confirmation',
    list: () => confirmations.list().map(confirmationDecision),
    decide: ({ id, answer }, who) => admin.decideConfirmation({ id, decision: answer.decision }, who),
    watch: (added, settled) => [
      confirmations.on('pending', (c) => added(confirmationDecision(c))),
      confirmations.on('decided', ({ confirmation, outcome }) => settled({ id: confirmation.id, outcome, ...(outcome === 'expired' ? { who: 'core' as const } : outcome === 'withdrawn' ? { who: confirmation.from } : {}) })),
    ],
  };
}
