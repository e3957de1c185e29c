import type { ServerStatus } from '../../shared/api';
import { serverBadge } from '../lib';
import { Badge } from './badge';

/** The state of a server in one word or two (ready, needs sign-in, error: reason, disabled, pending approval). */
export function StateBadge({ status }: { status: ServerStatus }) {
  const badge = serverBadge(status);
  return (
    <Badge tone={badge.tone} title={badge.detail}>
      <span data-state={badge.kind}>{badge.label}</span>
    </Badge>
  );
}
