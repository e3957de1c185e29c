import { useLive, useNow, useStore } from '../../state';
import { ApprovalItem } from './approval-item';

export function PendingApprovals() {
  const live = useLive();
  const pending = useStore(live.approvals);
  const now = useNow(1000);
  return (
    <section aria-labelledby="approvals-title">
      <h2 id="approvals-title" tabIndex={-1}>Waiting for you {pending.length > 0 && <span className="count">({pending.length})</span>}</h2>
      {pending.length === 0 ? (
        <p className="empty">No agent is waiting for an approval.</p>
      ) : (
        <ul className="card-list">
          {pending.map((p) => (
            <ApprovalItem key={p.id} pending={p} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
