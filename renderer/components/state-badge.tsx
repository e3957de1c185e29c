import { useState } from 'react';
import type { ServerStatus } from '../../shared/api';
import { serverBadge, serverContentHref } from '../lib';
import { useConnection } from '../state';
import { Badge } from './badge';
import { SafeLink } from './safe-link';

/**
 * The authorization server's page about the error that stopped a server (a refused refresh's
 * `error_uri`, RFC 6749 §5.2), as the core passed it on (`data.errorUri`, checked against the server's
 * reach there), and only when it is a link a server may give here (https to a public name).
 */
function errorPage(status: ServerStatus): string | undefined {
  if (status.state !== 'needs_auth' && status.state !== 'error') return undefined;
  const uri = status.lastError?.data?.['errorUri'];
  return typeof uri === 'string' ? serverContentHref(uri) : undefined;
}

/**
 * The state of a server in one word or two (ready, needs sign-in, error: reason, disabled, pending approval).
 * `expandable`: an error cut to its short reason offers "more", which shows its whole text in the badge
 * (a tooltip alone reaches neither a keyboard nor a touch screen). `reasonBelow`: the page says the
 * error in full beneath (its Last error), so the badge says only "error" and the reason is said once.
 */
export function StateBadge({ status, expandable = false, reasonBelow = false }: { status: ServerStatus; expandable?: boolean; reasonBelow?: boolean }) {
  const connection = useConnection();
  const [open, setOpen] = useState(false);
  const found = serverBadge(status);
  const badge = reasonBelow && found.kind === 'error' ? { kind: found.kind, label: 'error', tone: found.tone } : found;
  if (connection !== 'live') {
    // The last state heard may no longer hold: the core is not answering.
    return (
      <Badge tone="muted" title={`The app is not answering; last known: ${badge.label}.`}>
        <span data-state="unknown">unknown</span>
      </Badge>
    );
  }
  const page = errorPage(status);
  const whole = badge.kind === 'error' && badge.detail !== undefined ? `error: ${badge.detail}` : badge.label;
  const cut = expandable && whole !== badge.label;
  return (
    <>
      <Badge tone={badge.tone} title={badge.detail}>
        <span data-state={badge.kind}>{cut && open ? whole : badge.label}</span>
      </Badge>
      {cut && (
        <button type="button" className="button small quiet more-toggle" aria-expanded={open} aria-label={`${open ? 'Less' : 'More'} of the error of ${status.name}`} onClick={() => setOpen(!open)}>
          {open ? 'less' : 'more'}
        </button>
      )}
      {page !== undefined && (
        // Opened by the core like every link (never by the page), and only when a person clicks it.
        <SafeLink href={page} fromServer server={status.name} className="badge-link" label={`Why ${status.name} stopped: the authorization server's page`}>
          why?
        </SafeLink>
      )}
    </>
  );
}
