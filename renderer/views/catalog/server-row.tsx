import { memo } from 'react';
import type { ServerStatus } from '../../../shared/api';
import { ClippedText, ConnectionGate, ServiceIcon, StateBadge } from '../../components';
import { expiryText, inventoryListed, plural, routeHref, shownLine } from '../../lib';
import { useNowForExpiry } from '../../state';
import type { ServerRowModel } from './catalog-model';
import { FromCodeMark } from './from-code-mark';
import { ServerActions } from './server-actions';

export interface ServerRowProps {
  row: ServerRowModel;
  onApprove: (status: ServerStatus) => void;
  /** Offered when its error says its URL, host or command is what to fix. */
  onEdit?: (status: ServerStatus) => void;
  /** Left out by the search or filter: kept mounted, so showing it again only toggles this. */
  hidden?: boolean;
}

/** One configured server: icon, name, transport, auth, state, tools, token expiry, actions. */
export const ServerRow = memo(function ServerRow({ row, onApprove, onEdit, hidden = false }: ServerRowProps) {
  const { status } = row;
  // The cells are their own memo: a keystroke that hides or shows the row re-renders only this element.
  return (
    <li className="row server-row" aria-labelledby={`server-${status.name}`} data-server={status.name} hidden={hidden}>
      <ServerRowCells row={row} onApprove={onApprove} {...(onEdit !== undefined ? { onEdit } : {})} />
    </li>
  );
});

const ServerRowCells = memo(function ServerRowCells({ row, onApprove, onEdit }: Omit<ServerRowProps, 'hidden'>) {
  const { status, entry } = row;
  const expiresAt = status.auth?.expiresAt;
  // Each row keeps its own time: one token near expiry re-renders its row each second, not the list.
  const now = useNowForExpiry(expiresAt);
  const nameId = `server-${status.name}`;
  return (
    <>
      <ServiceIcon iconKey={entry?.icon} transport={status.transport} name={status.name} />
      <div className="row-name">
        <a id={nameId} href={routeHref({ screen: 'service', server: status.name, tab: 'overview' })}>
          {status.name}
        </a>
        {status.fromCode === true && <FromCodeMark />}
        <ClippedText className="row-sub" text={entry?.name ?? shownLine(status.url ?? status.commandLine ?? '')} label={status.name} what={entry !== undefined ? 'description' : status.url !== undefined ? 'address' : 'command'} />
      </div>
      {/* What tells one service from another: columns in a wide window, a line that wraps under the name in a narrow one. */}
      <div className="row-facts">
        <span className="row-cell row-transport" title="Transport">
          <span className="visually-hidden">transport: </span>
          {status.transport}
        </span>
        <span className="row-cell row-sign-in" title="Sign-in">
          <span className="visually-hidden row-cell-key">sign-in: </span>
          {/* Not from the catalog and no sign-in configured: the app cannot tell whether (or how) it signs in. */}
          {row.auth === '—' ? (
            <span title="Not known for a service not from the catalog">
              <span aria-hidden="true">—</span>
              <span className="visually-hidden">not known</span>
            </span>
          ) : (
            row.auth
          )}
        </span>
        <span className="row-cell row-tools">
          {inventoryListed(status) ? (
            plural(status.toolCount, 'tool')
          ) : (
            <span title="Tools not listed yet: the service lists them when it first starts">
              <span aria-hidden="true">—</span>
              <span className="visually-hidden">tools not listed yet</span>
            </span>
          )}
        </span>
        <span className={`row-cell row-token${expiresAt === undefined ? ' row-token-none' : ''}`}>
          <span className="visually-hidden">sign-in expires: </span>
          {expiresAt !== undefined ? expiryText(expiresAt, now, status.auth?.refreshable === true) : <span title="Nothing that expires">—</span>}
        </span>
      </div>
      <span className="row-state">
        <StateBadge status={status} expandable />
      </span>
      <ConnectionGate>
        <ServerActions status={status} now={now} onApprove={onApprove} {...(onEdit !== undefined ? { onEdit } : {})} />
      </ConnectionGate>
    </>
  );
});
