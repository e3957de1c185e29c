import { useMemo, useState } from 'react';
import type { RegistryRow, RegistryState } from '../../../shared/api';
import { registryLabels, searchRegistry } from '../../../shared/catalog';
import { CodeSpans, TimeAgo } from '../../components';
import { plural } from '../../lib';
import { RegistryEntryRow } from './registry-entry-row';
import { useRegistryCatalog } from './use-registry-catalog';

/**
 * Rows a search shows first: about a window's worth, so a keystroke updates at most this many (30
 * cost a third more of a keystroke's work when the results change, the rows below the window
 * included). The count says how many more match; "Show more" adds them until the query changes.
 */
export const REGISTRY_ROWS = 15;
/** Rows each "Show more" adds. */
export const REGISTRY_MORE = 50;

/** A message as a sentence of its own: the next one must not run on from "fetch failed". */
const asSentence = (text: string): string => (/[.!?]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`);

function RegistryLine({ state, label }: { state: RegistryState; label: string }) {
  const skipped = state.skipped.invalid + state.skipped.hostile;
  return (
    <li>
      <strong>{label}</strong>: {plural(state.entries, 'server')}
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
          — the last refresh failed: <CodeSpans text={asSentence(state.lastFailure.message)} />{' '}
          {state.entries > 0 ? 'Showing the snapshot it had.' : 'Press Refresh once this computer can reach it; the catalog above works without it.'}
        </span>
      )}
    </li>
  );
}

/** The MCP registries' entries, below our own catalog: searched over the whole snapshot at each keystroke. */
export function RegistrySection({ query, onInstall }: { query: string; onInstall: (row: RegistryRow) => void }) {
  const { index, registries, loaded, problem, refresh } = useRegistryCatalog();
  // Rows "Show more" added, for the query they were added to: a new query starts from the first page.
  const [more, setMore] = useState({ query, rows: 0 });
  const limit = REGISTRY_ROWS + (more.query === query ? more.rows : 0);
  // In the keystroke's own render: the search takes a few milliseconds over the whole snapshot, and
  // deferring it cost a second layout and paint (its results landed a frame or more after the input's).
  const found = useMemo(() => searchRegistry(index, query, limit), [index, query, limit]);
  // Distinct among the registries shown (two on one host differ by path), as the core's own `label` is.
  const labels = useMemo(() => registryLabels(registries.map((r) => r.base)), [registries]);
  if (loaded && problem !== undefined) {
    return (
      <section aria-labelledby="registry-entries" className="registry-section">
        <div className="section-head">
          <h2 id="registry-entries">From the MCP Registry</h2>
          <button type="button" className="button small quiet" onClick={refresh}>
            Try again
          </button>
        </div>
        <p className="note note-warn" role="status">
          No registry entry is shown: <CodeSpans text={asSentence(problem)} />
        </p>
      </section>
    );
  }
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
          <RegistryLine key={state.base} state={state} label={labels.get(state.base) ?? state.base} />
        ))}
      </ul>
      <p className="muted" role="status" aria-live="polite">
        {found.total === 0
          ? index.rows.length === 0
            ? registries.some((r) => r.lastFailure)
              ? 'No registry entries yet: the registry could not be reached.'
              : 'No registry entries yet: press Refresh to fetch them.'
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
      {found.total > found.rows.length && (
        <button type="button" className="button small quiet" onClick={() => setMore({ query, rows: limit - REGISTRY_ROWS + REGISTRY_MORE })}>
          Show {Math.min(REGISTRY_MORE, found.total - found.rows.length)} more
        </button>
      )}
    </section>
  );
}
