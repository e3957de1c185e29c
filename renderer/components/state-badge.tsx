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

/** The state of a server in one word or two (ready, needs sign-in, error: reason, disabled, pending approval). */
export function StateBadge({ status }: { status: ServerStatus }) {
  const connection = useConnection();
  const badge = serverBadge(status);
  if (connection !== 'live') {
    // The last state heard may no longer hold: the core is not answering.
    return (
      <Badge tone="muted" title={`The app is not answering; last known: ${badge.label}.`}>
        <span data-state="unknown">unknown</span>
      </Badge>
    );
  }
  const page = errorPage(status);
  return (
    <>
      <Badge tone={badge.tone} title={badge.detail}>
        <span data-state={badge.kind}>{badge.label}</span>
      </Badge>
      {page !== undefined && (
        // Opened by the core like every link (never by the page), and only when a person clicks it.
        <SafeLink href={page} fromServer server={status.name} className="badge-link" label={`Why ${status.name} stopped: the authorization server's page`}>
          why?
        </SafeLink>
      )}
    </>
  );
}
