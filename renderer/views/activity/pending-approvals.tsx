import type { Decision } from '../../../shared/api';
import { revealHidden } from '../../../shared/text';
import { clockText } from '../../lib';
import { useLive, useNow, useStore } from '../../state';
import { ApprovalItem } from './approval-item';

/** Where each kind is answered, when it is not answered on its card here. */
const ANSWERED_IN: Partial<Record<Decision['kind'], string>> = {
  confirmation: 'Confirm or refuse it under "Changes asked from the command line" below.',
  ask: 'Answer it in the dialog the app shows.',
  'app-call': 'Allow or deny it beside the app, in the tool browser.',
};

/** A decision answered elsewhere on screen: what it is, where to answer it, until when. */
function DecisionRow({ decision, now }: { decision: Decision; now: number }) {
  return (
    <li className="card decision" data-kind={decision.kind}>
      <p className="approval-text">{revealHidden(decision.summary)}</p>
      <p className="muted">
        {ANSWERED_IN[decision.kind]}
        {decision.expiresAt !== undefined && <> Ends by itself in {clockText(decision.expiresAt - now)}.</>}
      </p>
    </li>
  );
}

/** Everything waiting for the person, every kind, oldest first: one section, one count. */
export function PendingApprovals() {
  const live = useLive();
  const pending = useStore(live.decisions);
  const now = useNow(1000);
  return (
    <section aria-labelledby="approvals-title">
      <h2 id="approvals-title" tabIndex={-1}>Waiting for you {pending.length > 0 && <span className="count">({pending.length})</span>}</h2>
      {pending.length === 0 ? (
        <p className="empty">No agent is waiting for an approval.</p>
      ) : (
        <ul className="card-list">
          {pending.map((d) => (d.kind === 'call' ? <ApprovalItem key={d.id} pending={d.item} now={now} /> : <DecisionRow key={d.id} decision={d} now={now} />))}
        </ul>
      )}
    </section>
  );
}
