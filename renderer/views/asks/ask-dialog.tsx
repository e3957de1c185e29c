import { useState } from 'react';
import type { AskContent, PendingAsk } from '../../../shared/api';
import { revealHidden } from '../../../shared/text';
import { Dialog, ErrorNote, ShowAllText } from '../../components';
import { describeError, shownLine, type ShownError } from '../../lib';
import { useDecisions, useLive } from '../../state';
import { AskBody } from './ask-body';
import './asks.css';
import { MESSAGE_HEAD } from './message-head';

function titleOf(ask: PendingAsk): string {
  if (ask.kind === 'url') return `${ask.server} asks you to open a page`;
  if (ask.kind === 'sampling') return `${ask.server} asks the agent's model`;
  return `${ask.server} asks for information`;
}

/** Who asks and for whose call: the service, and the agent (or you) whose call it is (the call names a server's tool). */
function whose(ask: PendingAsk): string {
  return shownLine(whoseCall(ask));
}

function whoseCall(ask: PendingAsk): string {
  if (ask.agent !== undefined) return `During ${ask.call ?? 'a call'} by agent “${ask.agent}”.`;
  if (ask.asker !== undefined) return `During ${ask.call ?? 'a call'} you made.`;
  return ask.call !== undefined ? `During ${ask.call}.` : 'Outside any call.';
}

/** The oldest server request waiting for the person, as a modal; the next one follows when it is answered. */
export function AskDialog() {
  const live = useLive();
  const waiting = useDecisions('ask');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | undefined>();
  const ask = waiting[0]?.item;
  if (!ask) return null;

  const run = (work: Promise<unknown>, settles: boolean): void => {
    setBusy(true);
    setError(undefined);
    work.then(
      () => {
        setBusy(false);
        if (settles) live.decisions.remove(ask.id);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(describeError(failure));
      },
    );
  };
  const answer = (action: 'accept' | 'decline' | 'cancel', content?: AskContent): void =>
    run(live.api.decide({ kind: 'ask', id: ask.id, answer: { action, ...(content !== undefined ? { content } : {}) } }), true);

  return (
    <Dialog key={ask.id} title={titleOf(ask)} onClose={() => answer('cancel')} wide>
      <p className="muted">
        {whose(ask)}
        {waiting.length > 1 ? ` ${waiting.length - 1} more waiting.` : ''}
      </p>
      <ShowAllText className="ask-message" text={ask.message} head={MESSAGE_HEAD} render={(shown) => revealHidden(shown, ['\n'])} box />
      {error && <ErrorNote error={error} onDismiss={() => setError(undefined)} />}
      <AskBody ask={ask} busy={busy} answer={answer} openUrl={() => run(live.api.openAskUrl({ id: ask.id }), false)} />
    </Dialog>
  );
}
