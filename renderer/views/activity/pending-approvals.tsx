import { useState } from 'react';
import type { Confirmation, Decision } from '../../../shared/api';
import { revealHidden } from '../../../shared/text';
import { clockText, focusWhenShown, routeHref } from '../../lib';
import { useLive, useNow, useStore } from '../../state';
import { ApprovalItem } from './approval-item';
import { ConfirmationCard, ConfirmedResult, IssuedToken, SHOWN_RESULTS, tokenOf } from './confirmation-card';
import { serviceWords } from './service-words';

/** Where a kind is answered when it is not answered on its card here. */
function AnsweredIn({ decision }: { decision: Decision }) {
  if (decision.kind === 'ask') return <>Answer it in the dialog the app shows.</>;
  if (decision.kind === 'toolChange') {
    return (
      <>
        Review it on <a href={routeHref({ screen: 'service', server: decision.item.server, tab: 'overview' })}>{decision.item.server}&apos;s page</a>.
      </>
    );
  }
  if (decision.kind === 'appCall') return <>Allow or deny it beside the app, in the tool browser.</>;
  return null;
}

/** A decision answered elsewhere on screen: what it is, where to answer it, until when. */
function DecisionRow({ decision, now }: { decision: Decision; now: number }) {
  return (
    <li className="card decision" data-kind={decision.kind}>
      <p className="approval-text">{revealHidden(decision.summary)}</p>
      <p className="muted">
        <AnsweredIn decision={decision} />
        {decision.expiresAt !== undefined && <> Ends by itself in {clockText(decision.expiresAt - now)}.</>}
      </p>
    </li>
  );
}

interface Answered {
  id: string;
  summary: string;
  token?: string;
  result?: unknown;
}

/**
 * Everything waiting for the person, every kind, oldest first: one section, one count. Calls and
 * confirmations are decided on their cards; what a confirmation answered stays here until Done.
 */
export function PendingApprovals() {
  const live = useLive();
  const now = useNow(1000);
  // A confirmation past its time is refused by the core; it leaves before the event says so.
  const pending = useStore(live.decisions).filter((d) => d.kind !== 'confirmation' || d.item.expiresAt > now);
  const [answered, setAnswered] = useState<Answered[]>([]);
  /** Whether what it answered stays shown (a token, a call's result) until Done. */
  const done = (confirmation: Confirmation) => (id: string, result: unknown): boolean => {
    const token = tokenOf(result);
    if (token !== undefined) setAnswered((a) => [...a, { id, summary: serviceWords(confirmation.summary), token }]);
    else if (SHOWN_RESULTS.has(confirmation.method)) setAnswered((a) => [...a, { id, summary: serviceWords(confirmation.summary), result }]);
    else return false;
    return true;
  };
  const dismiss = (id: string) => () => {
    setAnswered((all) => all.filter((x) => x.id !== id));
    // Done takes the card away with its button: the section's heading keeps the keyboard's place.
    focusWhenShown(() => document.getElementById('approvals-title'));
  };
  return (
    <section aria-labelledby="approvals-title">
      <h2 id="approvals-title" tabIndex={-1}>Waiting for you {pending.length > 0 && <span className="count">({pending.length})</span>}</h2>
      {answered.length > 0 && (
        <ul className="card-list">
          {answered.map((a) =>
            a.token !== undefined ? (
              <IssuedToken key={a.id} id={a.id} summary={a.summary} token={a.token} onDone={dismiss(a.id)} />
            ) : (
              <ConfirmedResult key={a.id} id={a.id} summary={a.summary} result={a.result} onDone={dismiss(a.id)} />
            ),
          )}
        </ul>
      )}
      {pending.length === 0 ? (
        <p className="empty">Nothing is waiting for your decision.</p>
      ) : (
        <ul className="card-list">
          {pending.map((d) =>
            d.kind === 'call' ? (
              <ApprovalItem key={d.id} pending={d.item} now={now} />
            ) : d.kind === 'confirmation' ? (
              <ConfirmationCard key={d.id} confirmation={d.item} now={now} onDone={done(d.item)} />
            ) : (
              <DecisionRow key={d.id} decision={d} now={now} />
            ),
          )}
        </ul>
      )}
    </section>
  );
}
