import { useState } from 'react';
import type { ServerStatus } from '../../shared/api';
import { serverBadge } from '../lib';
import { useConnection } from '../state';
import { Badge } from './badge';

/**
 * The state of a server in one word or two (ready, needs sign-in, error: reason, disabled, pending approval).
 * `expandable`: an error cut to its short reason offers "more", which shows its whole text in the badge
 * (a tooltip alone reaches neither a keyboard nor a touch screen).
 */
export function StateBadge({ status, expandable = false }: { status: ServerStatus; expandable?: boolean }) {
  const connection = useConnection();
  const [open, setOpen] = useState(false);
  const badge = serverBadge(status);
  if (connection !== 'live') {
    // The last state heard may no longer hold: the core is not answering.
    return (
      <Badge tone="muted" title={`The app is not answering; last known: ${badge.label}.`}>
        <span data-state="unknown">unknown</span>
      </Badge>
    );
  }
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
    </>
  );
}
