import { useId, useState } from 'react';
import { ErrorNote } from '../../../components';
import { describeError, openCheckedLink, pageLinkOpening, shownLine, type ShownError } from '../../../lib';
import { useLive } from '../../../state';
import type { LinkAsk } from './app-links';

/**
 * An address an open app asks to have opened (SEP-1865 ui/open-link): opened only on the person's
 * Open, after the core looked its host name up (no closer than the app's server); the app hears
 * whether it was opened, never why not.
 */
export function AppLinkCard({ ask, server }: { ask: LinkAsk; server: string }) {
  const live = useLive();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<ShownError | null>(null);
  const headingId = useId();
  const open = () => {
    setBusy(true);
    openCheckedLink(pageLinkOpening(live.api), ask.url, server).then(
      () => ask.answer(true),
      (failure: unknown) => {
        setRefused(describeError(failure));
        setBusy(false);
      },
    );
  };
  return (
    <div className="card approval" role="group" aria-labelledby={headingId}>
      <p id={headingId} className="approval-text">
        The app asks to open this address in your browser:
      </p>
      <code className="app-link-url">{shownLine(ask.url)}</code>
      {refused && <ErrorNote error={refused} />}
      <div className="button-row">
        {refused === null && (
          <button type="button" className="button small primary" disabled={busy} onClick={open}>
            Open in browser
          </button>
        )}
        <button type="button" className="button small" disabled={busy} onClick={() => ask.answer(false)}>
          {refused === null ? "Don't open" : 'Dismiss'}
        </button>
      </div>
    </div>
  );
}
