import { useId, useState } from 'react';
import type { Confirmation } from '../../../shared/api';
import { revealHidden } from '../../../shared/text';
import { CopyButton, ErrorNote, JsonView } from '../../components';
import { clockText, describeError, type ShownError } from '../../lib';
import { useLive } from '../../state';

function fromText(c: Confirmation): string {
  const where = c.from === 'cli' ? 'the command line' : c.from;
  return c.pid !== undefined ? `${where} (process ${c.pid}, as it says)` : where;
}

/** A new agent's or rotated token comes back to the person who confirmed, once. */
function tokenOf(result: unknown): string | undefined {
  if (result === null || typeof result !== 'object') return undefined;
  const token = (result as { token?: unknown }).token;
  return typeof token === 'string' ? token : undefined;
}

/**
 * A change the command line asked for that widens access: exactly what it runs (method and input,
 * redacted), from where, until when; Confirm runs it as the person, Refuse drops it.
 */
export function ConfirmationCard({ confirmation, now, onDone }: { confirmation: Confirmation; now: number; onDone: (id: string, token?: string) => void }) {
  const live = useLive();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const headingId = useId();
  const decide = (decision: 'confirm' | 'refuse') => {
    setBusy(true);
    setError(null);
    live.api.decideConfirmation({ id: confirmation.id, decision }).then(
      (answer) => {
        if (answer.outcome === 'failed') {
          setError({ message: `It was confirmed but did not work: ${answer.error ?? 'the change failed'}` });
          setBusy(false);
          return;
        }
        onDone(confirmation.id, tokenOf(answer.result));
      },
      (failure: unknown) => {
        setError(describeError(failure));
        setBusy(false);
      },
    );
  };
  return (
    <li className="card approval confirmation" aria-labelledby={headingId}>
      <p id={headingId} className="approval-text">
        <strong>{fromText(confirmation)}</strong> asks to {revealHidden(confirmation.summary)}
      </p>
      <JsonView value={{ method: confirmation.method, input: confirmation.input }} label={`What ${confirmation.id} runs`} />
      <p className="muted" role="timer">
        Refused automatically in {clockText(confirmation.expiresAt - now)}
      </p>
      <div className="button-row">
        <button type="button" className="button small primary" disabled={busy} onClick={() => decide('confirm')} aria-label={`Confirm: ${confirmation.summary}`}>
          Confirm
        </button>
        <button type="button" className="button small danger" disabled={busy} onClick={() => decide('refuse')} aria-label={`Refuse: ${confirmation.summary}`}>
          Refuse
        </button>
      </div>
      {error && <ErrorNote error={error} />}
    </li>
  );
}

/** A confirmed new agent's (or rotated) token: shown to the person who confirmed, once, until Done. */
export function IssuedToken({ summary, token, onDone }: { summary: string; token: string; onDone: () => void }) {
  return (
    <li className="card" role="status" aria-label={`Token for: ${summary}`}>
      <p>
        Done: {revealHidden(summary)}. The agent&apos;s token, shown only now:
      </p>
      <pre className="json">{token}</pre>
      <div className="button-row">
        <CopyButton text={token} label="Copy token" />
        <button type="button" className="button small" onClick={onDone}>
          Done
        </button>
      </div>
    </li>
  );
}
