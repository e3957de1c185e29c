import { memo } from 'react';
import type { CatalogEntry } from '../../../shared/catalog';
import { Badge, ClippedText, ConnectionGate, SafeLink, ServiceIcon } from '../../components';
import { routeHref } from '../../lib';
import { useConnection } from '../../state';
import { needsLabel, type EntryRowModel } from './catalog-model';

export interface EntryRowProps {
  row: EntryRowModel;
  /** Left out by the search: kept in the DOM, so the next keystroke that shows it again only toggles this. */
  hidden?: boolean;
  onAdd: (entry: CatalogEntry) => void;
}

/** A catalog entry with its Add button, or Open (and Add again) once it is configured. */
export const EntryRow = memo(function EntryRow({ row, hidden = false, onAdd }: EntryRowProps) {
  const { entry } = row;
  const nameId = `entry-${entry.id}`;
  // Already added: opening it is the likely wish; adding another (another folder, account) stays possible,
  // a bordered button like Open (a quiet one read as a link beside it).
  const first = row.addedAs[0];
  // A link is not disabled by the gate around its actions: it says so itself, as Add beside it does.
  const gated = useConnection() !== 'live';
  return (
    <li className="row entry" aria-labelledby={nameId} hidden={hidden}>
      <ServiceIcon iconKey={entry.icon} transport={entry.transport} name={entry.name} />
      <div className="row-name">
        <span id={nameId} className="entry-name">
          {entry.name}
        </span>
        <ClippedText className="row-sub" text={entry.description} label={entry.name} />
      </div>
      {/* Columns in a wide window, a line under the name in a narrow one (catalog.css). */}
      <div className="row-facts">
        <span className="row-cell row-transport" title="Transport">
          {entry.transport}
        </span>
        <span className="row-cell row-sign-in" title="Sign-in">
          <span className="visually-hidden row-cell-key">sign-in: </span>
          {needsLabel(entry)}
        </span>
      </div>
      <span className="row-state">
        {/* Cut to its column in a narrow window: the whole names on hover. */}
        {row.addedAs.length > 0 ? <Badge tone="info" title={`added as ${row.addedAs.join(', ')}`}>added as {row.addedAs.join(', ')}</Badge> : null}
        {!entry.verified && <Badge tone="muted" title="The address was not checked against the provider’s documentation">unverified</Badge>}
      </span>
      <span className="row-cell">
        <SafeLink href={entry.docsUrl} fromServer>
          Docs<span className="visually-hidden"> for {entry.name}</span>
        </SafeLink>
      </span>
      <span className="row-cell" />
      <ConnectionGate>
        <div className="row-actions">
          <div className="button-row">
            {first !== undefined ? (
              <>
                <a className="button small" {...(gated ? { role: 'link', 'aria-disabled': true } : { href: routeHref({ screen: 'service', server: first, tab: 'overview' }) })} aria-label={`Open ${first}`}>
                  Open
                </a>
                <button type="button" className="button small" onClick={() => onAdd(entry)} aria-label={`Add again, ${entry.name}`}>
                  Add again
                </button>
              </>
            ) : (
              <button type="button" className="button small" onClick={() => onAdd(entry)} aria-label={`Add ${entry.name}`}>
                Add
              </button>
            )}
          </div>
        </div>
      </ConnectionGate>
    </li>
  );
});
