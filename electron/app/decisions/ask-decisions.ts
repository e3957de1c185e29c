import type { AppApi, DecisionOf, PendingAsk } from '../../../shared/api';
import type { WaitingAsks } from '../waiting-asks';
import type { DecisionSource } from './decision-queue';

const ASKS: Record<PendingAsk['kind'], string> = { form: 'asks you to fill in a form', url: 'asks you to open an address', sampling: "asks to use the agent's model" };
/** A summary is one line: a server's message may be long. */
const MAX_MESSAGE = 200;

export function askDecision(ask: PendingAsk): DecisionOf<'ask'> {
  const message = ask.message.length > MAX_MESSAGE ? `${ask.message.slice(0, MAX_MESSAGE)}…` : ask.message;
  return {
    kind: 'ask',
    id: ask.id,
    summary: `"${ask.server}" ${ASKS[ask.kind]}${message ? `: ${message}` : ''}`,
    requestedAt: ask.requestedAt,
    expiresAt: ask.expiresAt,
    item: ask,
  };
}

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
