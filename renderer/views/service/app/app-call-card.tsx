import { useId, useState } from 'react';
import type { PendingAppCall } from '../../../../shared/api';
import { revealHidden } from '../../../../shared/text';
import { Badge, ErrorNote, JsonView } from '../../../components';
import { clockText, describeError, TIER_WORD, type ShownError } from '../../../lib';
import { useLive } from '../../../state';

const TIER_TONE = { write: 'warn', destructive: 'error' } as const;

/** A change an open app asks to make, shown with its arguments before it runs: Allow or Deny (decision kind `appCall`). */
export function AppCallCard({ call, now }: { call: PendingAppCall; now: number }) {
  const live = useLive();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const headingId = useId();
  const what = `${call.tool} on ${call.server}`;
  const decide = (decision: 'allow' | 'deny') => {
    setBusy(true);
    setError(null);
    live.api.decide({ kind: 'appCall', id: call.id, answer: { decision } }).then(
      () => live.decisions.remove(call.id),
      (failure: unknown) => {
        setError(describeError(failure));
        setBusy(false);
      },
    );
  };
  return (
    <li className="card approval" aria-labelledby={headingId}>
      <p id={headingId} className="approval-text">
        The app asks to call <code>{revealHidden(call.tool)}</code> on <strong>{call.server}</strong> <Badge tone={TIER_TONE[call.tier]}>{TIER_WORD[call.tier]}</Badge>
      </p>
      <JsonView value={call.arguments} label={`Arguments of ${what}`} />
      <p className="muted" role="timer">
        Denied automatically in {clockText(call.expiresAt - now)}
      </p>
      <div className="button-row">
        <button type="button" className="button small primary" disabled={busy} onClick={() => decide('allow')} aria-label={`Allow the app to call ${what}`}>
          Allow
        </button>
        <button type="button" className="button small danger" disabled={busy} onClick={() => decide('deny')} aria-label={`Deny the app's call of ${what}`}>
          Deny
        </button>
      </div>
      {error && <ErrorNote error={error} />}
    </li>
  );
}
