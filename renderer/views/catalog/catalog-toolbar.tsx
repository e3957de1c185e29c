import { LoadingSkeleton } from '../../components';
import { STATE_FILTERS, type StateFilter } from './catalog-model';

export interface CatalogToolbarProps {
  query: string;
  filter: StateFilter;
  /** How many services and tools show; absent while the first status is pending (a busy line instead). */
  summary: string | undefined;
  onQuery: (query: string) => void;
  onFilter: (filter: StateFilter) => void;
}

export function CatalogToolbar({ query, filter, summary, onQuery, onFilter }: CatalogToolbarProps) {
  return (
    <div className="toolbar" role="search">
      <label className="field inline">
        <span>Search</span>
        <input
          type="search"
          value={query}
          placeholder="Name, description or tool"
          aria-label="Search services and tools"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onQuery(event.target.value)}
        />
      </label>
      <label className="field inline">
        <span>Show</span>
        <select value={filter} onChange={(event) => onFilter(event.target.value as StateFilter)} aria-label="Show services in state">
          {STATE_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      {summary === undefined ? (
        <LoadingSkeleton className="toolbar-summary" label="Counting your services" shape="lines" count={1} />
      ) : (
        <p className="toolbar-summary" role="status" aria-live="polite">
          {summary}
        </p>
      )}
    </div>
  );
}
