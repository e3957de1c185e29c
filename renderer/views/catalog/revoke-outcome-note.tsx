import type { RevokeOutcome } from './use-server-actions';

/** What a sign-out with revoke did: revoked, or deleted here only and why. */
export function RevokeOutcomeNote({ outcome, onDismiss }: { outcome: RevokeOutcome; onDismiss: () => void }) {
  return (
    <div className={`note${outcome.revoked ? '' : ' note-warn'}`} role="status">
      <p>{outcome.text}</p>
      <button type="button" className="button small quiet" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
