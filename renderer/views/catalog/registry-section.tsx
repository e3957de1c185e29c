import { useMemo } from 'react';
import type { RegistryRow, RegistryState } from '../../../shared/api';
import { registryLabels } from '../../../shared/catalog';
import { CodeSpans, TimeAgo } from '../../components';
import { plural } from '../../lib';
import { RegistryEntryRow } from './registry-entry-row';
import { REGISTRY_MORE, type RegistrySearch } from './use-registry-search';

/** A message as a sentence of its own: the next one must not run on from "fetch failed". */
const asSentence = (text: string): string => (/[.!?]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`);

function RegistryLine({ state, label }: { state: RegistryState; label: string }) {
  const skipped = state.skipped.invalid + state.skipped.hostile;
  return (
    <li>
      <strong>{label}</strong>: {plural(state.entries, 'service')}
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

/** The MCP registries' entries, below our own catalog: searched over the whole snapshot at each keystroke (use-registry-search.ts). */
export function RegistrySection({ search, onInstall }: { search: RegistrySearch; onInstall: (row: RegistryRow) => void }) {
  const { catalog, found, showMore } = search;
  const { index, registries, loaded, problem, refresh } = catalog;
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
        <button type="button" className="button small quiet" onClick={showMore}>
          Show {Math.min(REGISTRY_MORE, found.total - found.rows.length)} more
        </button>
      )}
    </section>
  );
}
