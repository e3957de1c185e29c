import { useMemo } from 'react';
import type { RegistryRow, RegistryState } from '../../../shared/api';
import { searchRegistry } from '../../../shared/catalog';
import { TimeAgo } from '../../components';
import { plural, shownText } from '../../lib';
import { RegistryEntryRow } from './registry-entry-row';
import { useRegistryCatalog } from './use-registry-catalog';

/** Rows shown per search: a keystroke paints at most this many; the count says how many more match. */
export const REGISTRY_ROWS = 30;

const hostOf = (base: string): string => {
  try {
    return new URL(base).host;
  } catch {
    return base;
  }
};

function RegistryLine({ state }: { state: RegistryState }) {
  const skipped = state.skipped.invalid + state.skipped.hostile;
  return (
    <li>
      <strong>{hostOf(state.base)}</strong>: {plural(state.entries, 'server')}
      {state.syncedAt !== undefined && (
        <>
          , updated <TimeAgo at={state.syncedAt} />
        </>
      )}
      {skipped > 0 && `; ${plural(skipped, 'entry', 'entries')} skipped (${state.skipped.invalid} not valid, ${state.skipped.hostile} with hidden characters or oversized)`}
      {state.syncing && (
        <span role="status">
          {' '}
          — refreshing ({state.syncing.kind === 'full' ? 'everything' : 'changes'}): {plural(state.syncing.received, 'entry', 'entries')} so far
        </span>
      )}
      {state.lastFailure && (
        <span className="registry-failure" role="status">
          {' '}
          — the last refresh failed: {shownText(state.lastFailure.message)} Showing the snapshot it had.
        </span>
      )}
    </li>
  );
}

/** The MCP registries' entries, below our own catalog: searched over the whole snapshot at each keystroke. */
export function RegistrySection({ query, onInstall }: { query: string; onInstall: (row: RegistryRow) => void }) {
  const { index, registries, loaded, refresh } = useRegistryCatalog();
  // In the keystroke's own render: the search takes a few milliseconds over the whole snapshot, and
  // deferring it cost a second layout and paint (its results landed a frame or more after the input's).
  const found = useMemo(() => searchRegistry(index, query, REGISTRY_ROWS), [index, query]);
  const labels = useMemo(() => new Map(registries.map((r) => [r.base, hostOf(r.base)])), [registries]);
  if (!loaded || registries.length === 0) return null;
  const syncing = registries.some((r) => r.syncing);
  return (
    <section aria-labelledby="registry-entries" className="registry-section">
      <div className="section-head">
        <h2 id="registry-entries">From the MCP Registry</h2>
        <button type="button" className="button small quiet" onClick={refresh} disabled={syncing}>
          {syncing ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <ul className="plain-list registry-states">
        {registries.map((state) => (
          <RegistryLine key={state.base} state={state} />
        ))}
      </ul>
      <p className="muted" role="status" aria-live="polite">
        {found.total === 0
          ? index.rows.length === 0
            ? 'No registry entries yet.'
            : 'No registry entry matches.'
          : found.total > found.rows.length
            ? `${found.rows.length} of ${plural(found.total, 'registry entry', 'registry entries')} shown; type to narrow.`
            : plural(found.total, 'registry entry', 'registry entries')}
      </p>
      <ul className="rows" aria-labelledby="registry-entries">
        {/* Keyed by place: rows hold no state, so a keystroke updates text in the same nodes instead of building new ones. */}
        {found.rows.map((row, place) => (
          <RegistryEntryRow key={place} row={row} registryLabel={labels.get(row.registry) ?? row.registry} onInstall={onInstall} />
        ))}
      </ul>
    </section>
  );
}
