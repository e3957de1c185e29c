import type { ServerStatus } from '../../shared/api';
import { serverBadge } from '../lib';
import { useConnection } from '../state';
import { Badge } from './badge';

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
  return (
    <Badge tone={badge.tone} title={badge.detail}>
      <span data-state={badge.kind}>{badge.label}</span>
    </Badge>
  );
}
