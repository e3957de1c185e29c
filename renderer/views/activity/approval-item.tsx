import { useId, useRef, useState } from 'react';
import { WAITS_TO, whereCalled, type PendingApproval } from '../../../shared/api';
import { Badge, CodeSpans, ErrorNote } from '../../components';
import { clockText, describeError, focusWhenShown, nextInList, TIER_WORD, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { revealHidden } from '../../../shared/text';
import { ApprovalArguments, argumentsCut } from './approval-arguments';
import { ArgumentList } from './argument-list';
import { ToolTitle } from './tool-name';

const TIER_TONE = { read: 'ok', write: 'warn', destructive: 'error' } as const;

/** One agent call waiting for the person: Allow, Deny, or Always allow (remembered for that tool of that service, for that agent). */
export function ApprovalItem({ pending, now }: { pending: PendingApproval; now: number }) {
  const live = useLive();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const item = useRef<HTMLLIElement>(null);
  const decide = (decision: 'allow' | 'deny', remember?: boolean) => {
    setBusy(true);
    setError(null);
    // Decided, the card leaves: focus goes to the next waiting call's Allow, else the section's heading.
    const next = nextInList(item.current, 'button.primary', () => document.getElementById('approvals-title'));
    live.api.decide({ kind: 'call', id: pending.id, answer: { decision, ...(remember ? { remember } : {}) } }).then(
      () => {
        live.decisions.remove(pending.id);
        focusWhenShown(next);
      },
      (failure: unknown) => {
        setError(describeError(failure));
        setBusy(false);
      },
    );
  };
  // No service: the bridge's own tool (search_tools), held for a value we hold in what the agent searched for.
  const own = pending.server === '';
  // Names read out (aria-label, list labels) take the name as shown: a bidi override read raw would reorder it.
  const what = `${revealHidden(pending.tool)}${whereCalled(pending)}`;
  const headingId = useId();
  return (
    <li ref={item} className="card approval" data-kind="call" aria-labelledby={headingId}>
      <p id={headingId} className="approval-text">
        <strong>{pending.agent}</strong> {WAITS_TO[pending.kind]} <code>{revealHidden(pending.tool)}</code>{' '}
        {own ? "(Connected Services' own search, reaching no service)" : <>on <strong>{pending.server}</strong></>}
        {pending.kind !== 'resource' && <ToolTitle server={pending.server} tool={pending.tool} />}{' '}
        <Badge tone={TIER_TONE[pending.tier]}>{TIER_WORD[pending.tier]}</Badge>
      </p>
      {pending.warning !== undefined && (
        <div className="note note-warn" role="note">
          <p className="note-message">
            Held for you whatever {pending.agent}&apos;s policy says: <CodeSpans text={pending.warning} />. An agent never needs it (the bridge supplies credentials). Deny it unless you gave {pending.agent} that value yourself; if you did not, it may be guessing, so change that secret.
          </p>
        </div>
      )}
      {pending.arguments !== undefined && (
        <>
          <ArgumentList value={pending.arguments} label={`Arguments of ${what}`} />
          <details>
            <summary>Details: the arguments as JSON</summary>
            <ApprovalArguments value={pending.arguments} label={`The arguments of ${what} as JSON`} />
          </details>
        </>
      )}
      {pending.arguments !== undefined && argumentsCut(pending.arguments) && (
        <div className="note note-warn" role="note">
          <p className="note-message">
            Part of what this call sends is too long to show here, so you cannot see all of it. Deny it unless you trust {pending.agent} with whatever the rest says.
          </p>
        </div>
      )}
      <p className="muted" role="timer">
        Denied automatically in {clockText(pending.expiresAt - now)}
      </p>
      <div className="button-row">
        <button type="button" className="button small primary" disabled={busy} onClick={() => decide('allow')} aria-label={`Allow ${what} for ${pending.agent}`}>
          Allow
        </button>
        <button type="button" className="button small danger" disabled={busy} onClick={() => decide('deny')} aria-label={`Deny ${what} for ${pending.agent}`}>
          Deny
        </button>
        {/* Only a tool call can be remembered; reads follow the agent's read policy. The text says what it
            applies to (this tool of this service, for this agent), so its name is what is seen (WCAG 2.5.3).
            Not on a call held for a value we hold: such calls are held whatever a rule says, so it would not stop the next. */}
        {pending.kind === 'tool' && !own && pending.warning === undefined && (
          <button type="button" className="button small always-allow" disabled={busy} onClick={() => decide('allow', true)}>
            Always allow {revealHidden(pending.tool)} on {pending.server} for {pending.agent}
          </button>
        )}
      </div>
      {error && <ErrorNote error={error} />}
    </li>
  );
}
