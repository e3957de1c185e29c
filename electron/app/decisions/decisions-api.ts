import type { ApiInput, ApiOutput, AppApi, Caller } from '../../../shared/api';
import type { AdminMethods } from '../admin/admin-api';
import type { DecisionQueue } from './decision-queue';

/** `who`: the person's interface that decided (the door passes it; in-process callers are the desktop's). */
type WithWho<M extends 'decide' | 'decideApproval' | 'decideConfirmation' | 'answerAsk' | 'reviewChanges'> = (input: ApiInput<M>, who?: Caller) => Promise<ApiOutput<M>>;

export interface DecisionMethods {
  listDecisions: AppApi['listDecisions'];
  decide: WithWho<'decide'>;
  /** The deprecated per-kind methods, kept for one release: as before, with who decided noted for the record. */
  decideApproval: WithWho<'decideApproval'>;
  decideConfirmation: WithWho<'decideConfirmation'>;
  answerAsk: WithWho<'answerAsk'>;
  reviewChanges: WithWho<'reviewChanges'>;
}

export interface DecisionsApiOptions {
  queue: DecisionQueue;
  bridgeApi: Pick<AppApi, 'decideApproval'>;
  adminApi: Pick<AdminMethods, 'decideConfirmation'>;
  asksApi: Pick<AppApi, 'answerAsk'>;
  pinsApi: Pick<AppApi, 'reviewChanges'>;
}

/** The person's decisions as one pair of methods, and the three older pairs' deciding halves over the same queue. */
export function createDecisionsApi({ queue, bridgeApi, adminApi, asksApi, pinsApi }: DecisionsApiOptions): DecisionMethods {
  return {
    listDecisions: () => Promise.resolve(queue.list()),
    decide: (input, who = 'ipc') => queue.decide(input, who),
    decideApproval: (input, who = 'ipc') => {
      queue.decidedBy('call', input.id, who);
      return bridgeApi.decideApproval(input);
    },
    decideConfirmation: (input, who = 'ipc') => {
      queue.decidedBy('confirmation', input.id, who);
      return adminApi.decideConfirmation(input, who);
    },
    answerAsk: (input, who = 'ipc') => {
      queue.decidedBy('ask', input.id, who);
      return asksApi.answerAsk(input);
    },
    reviewChanges: async (input, who = 'ipc') => {
      // Each held change this review names (or all of the server's, with acceptAll) is noted as decided by `who`.
      const named = new Set((input.decisions ?? []).map((d) => `${d.kind}/${d.name}`));
      const noted = queue.list().filter((d) => d.kind === 'toolChange' && d.item.server === input.name && (input.acceptAll === true || named.has(`${d.item.kind}/${d.item.name}`)));
      for (const d of noted) queue.decidedBy('toolChange', d.id, who);
      // A change folded into a standing decision is not listed, yet this review may answer it too.
      const answered = queue.answering('toolChange', who);
      try {
        const output = await pinsApi.reviewChanges(input);
        // The review's listing settles what it answered: recorded (by `who`) before the answer returns.
        await queue.caughtUp('toolChange');
        return output;
      } catch (error) {
        // Not kept (a pin file not written, a name not waiting): nothing was decided, by `who` or anyone.
        for (const d of noted) queue.notDecided('toolChange', d.id);
        throw error;
      } finally {
        answered();
      }
    },
  };
}
