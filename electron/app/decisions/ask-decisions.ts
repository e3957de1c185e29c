import { askDecision, type AppApi } from '../../../shared/api';
import type { WaitingAsks } from '../asks/waiting-asks';
import type { DecisionSource } from './decision-queue';

/**
 * Servers' requests waiting for the person (WaitingAsks). Answering goes through `answerAsk`, which
 * checks a form's content against its schema as before.
 */
export function askDecisions(waiting: WaitingAsks, api: Pick<AppApi, 'answerAsk'>): DecisionSource<'ask'> {
  return {
    kind: 'ask',
    list: () => waiting.list().map(askDecision),
    decide: async ({ id, answer }) => {
      await api.answerAsk({ id, action: answer.action, ...(answer.content !== undefined ? { content: answer.content } : {}) });
      return { outcome: answer.action };
    },
    watch: (added, settled) => [
      waiting.on('pending', (ask) => added(askDecision(ask))),
      // A time limit or the call's end is not the person's answer.
      waiting.on('settled', ({ id, outcome }) => settled({ id, outcome, ...(outcome === 'timeout' || outcome === 'ended' ? { who: outcome === 'timeout' ? ('core' as const) : ('agent' as const) } : {}) })),
    ],
  };
}
