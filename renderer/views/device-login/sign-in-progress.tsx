import type { SignInProgress } from '../../../shared/api';
import { CodeSpans, CopyButton, SafeLink } from '../../components';
import { humanDuration, routeHref, safeHref, shownLine, timeUntil } from '../../lib';
import { useNowFor } from '../../state';
import './sign-in-progress.css';

export interface SignInProgressProps {
  progress: SignInProgress;
  busy: boolean;
  onCancel: () => void;
  onRetry: () => void;
  onDismiss: () => void;
}

/** "18:05": when the wait ends, in the person's own clock. */
function clockOf(at: number): string {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** How long the core waited, in words ("5 min"). */
function waitOf(progress: SignInProgress): string | undefined {
  return progress.expiresAt === undefined ? undefined : humanDuration(progress.expiresAt - progress.startedAt);
}

/**
 * A sign-in in progress: the sign-in page's address with Open and Copy (for when no browser opened:
 * a remote session, no opener), how long the app waits, Cancel and Start again; then how it ended.
 */
export function SignInProgressPanel({ progress, busy, onCancel, onRetry, onDismiss }: SignInProgressProps) {
  const now = useNowFor(progress.expiresAt);
  const { server } = progress;
  if (progress.state === 'signed_in') return null;
  if (progress.state !== 'waiting') {
    const wait = waitOf(progress);
    const text =
      // A device code's life is the authorization server's (RFC 8628 §3.2), seconds at times: not a wait to name.
      progress.state === 'expired' && progress.flow === 'device' ? (
        `The code for ${server} expired before it was entered, so the app stopped waiting. Nothing was changed. Press “Sign in again” for a new code.`
      ) : progress.state === 'expired' ? (
        `The sign-in to ${server} was not finished${wait !== undefined ? ` within ${wait}` : ' in time'}, so the app stopped waiting. Nothing was changed.`
      ) : progress.state === 'cancelled' ? (
        `The sign-in to ${server} was cancelled. Nothing was changed.`
      ) : progress.message !== undefined ? (
        <>
          The sign-in to {server} failed: <CodeSpans text={progress.message} />
        </>
      ) : (
        `The sign-in to ${server} failed.`
      );
    return (
      <div className={`note ${progress.state === 'cancelled' ? 'note-hint' : progress.state === 'expired' ? 'note-warn' : 'note-error'} sign-in-progress`} role={progress.state === 'failed' ? 'alert' : 'status'} data-sign-in-state={progress.state}>
        <p>{text}</p>
        {progress.state === 'failed' && progress.errorUri !== undefined && (
          // The authorization server's page about its error: a link a person may follow, never opened by itself.
          <p className="muted">
            The authorization server explains this error at <SafeLink href={progress.errorUri} fromServer server={server} />
          </p>
        )}
        <div className="button-row">
          <button type="button" className="button small primary" disabled={busy} onClick={onRetry} aria-label={`Sign in again to ${server}`}>
            Sign in again
          </button>
          <button type="button" className="button small" onClick={onDismiss} aria-label={`Dismiss the sign-in note of ${server}`}>
            Dismiss
          </button>
        </div>
      </div>
    );
  }
  const link = safeHref(progress.url);
  const left = progress.expiresAt !== undefined && progress.expiresAt > now;
  return (
    <div className="note sign-in-progress" role="group" aria-label={`Sign-in to ${server}`} data-sign-in-state="waiting">
      {progress.flow === 'device' ? (
        <p>
          A code waits for you to enter it. <a href={routeHref({ screen: 'login', server })}>Show the code for {server}</a>
        </p>
      ) : progress.url === undefined ? (
        <p role="status">Finding the sign-in page of {server}…</p>
      ) : link !== undefined ? (
        <>
          <p>Finish signing in to {server} on its sign-in page. If no browser opened, open this address in one:</p>
          {/* Focusable: a long address scrolls inside its box, and a keyboard must reach all of it (WCAG 2.1.1). */}
          <code className="sign-in-url" aria-label={`Sign-in address of ${server}`} tabIndex={0}>
            {link}
          </code>
        </>
      ) : (
        // The core checked it; a page that still finds it unsafe shows it as text only, and offers no Open.
        <p>
          The sign-in page&apos;s address is not a secure one, so it is not opened from here: <code className="sign-in-url">{shownLine(progress.url)}</code>
        </p>
      )}
      {progress.expiresAt !== undefined && (
        <p className="muted" role="timer" aria-live="off">
          {left
            ? `The app waits for the sign-in until ${clockOf(progress.expiresAt)} (${timeUntil(progress.expiresAt, now)}); after that, start again.`
            : 'The wait is over; the app is ending this sign-in.'}
        </p>
      )}
      <div className="button-row">
        {link !== undefined && progress.flow === 'browser' && (
          <>
            <SafeLink href={link} server={server} className="button small primary" label={`Open the sign-in page of ${server}`}>
              Open the sign-in page
            </SafeLink>
            <CopyButton text={link} label="Copy address" />
          </>
        )}
        <button type="button" className="button small" onClick={onCancel} aria-label={`Cancel sign-in to ${server}`}>
          Cancel sign-in
        </button>
        <button type="button" className="button small" disabled={busy} onClick={onRetry} aria-label={`Start again, the sign-in to ${server}`}>
          Start again
        </button>
      </div>
    </div>
  );
}
