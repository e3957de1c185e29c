import { useCallback, useMemo, useState } from 'react';
import { searchRegistry, type RegistryMatches } from '../../../shared/catalog';
import { useRegistryCatalog, type RegistryCatalogState } from './use-registry-catalog';

/**
 * Rows a search shows first: about a window's worth, so a keystroke updates at most this many (30
 * cost a third more of a keystroke's work when the results change, the rows below the window
 * included). The count says how many more match; "Show more" adds them until the query changes.
 */
export const REGISTRY_ROWS = 15;
/** Rows each "Show more" adds. */
export const REGISTRY_MORE = 50;

const NONE: RegistryMatches = { rows: [], total: 0 };

export interface RegistrySearch {
  catalog: RegistryCatalogState;
  query: string;
  /** What the query finds; nothing while the section is not shown. */
  found: RegistryMatches;
  /** Whether there are entries to count: read, with no problem, and not none (a registry never reached). */
  listed: boolean;
  showMore: () => void;
}

/**
 * The registries' entries searched for the page's query, held by the page so that its toolbar counts
 * them beside its own rows. In the keystroke's own render: the search takes a few milliseconds over
 * the whole snapshot, and deferring it cost a second layout and paint.
 */
export function useRegistrySearch(query: string, shown: boolean): RegistrySearch {
  const catalog = useRegistryCatalog();
  // Rows "Show more" added, for the query they were added to: a new query starts from the first page.
  const [more, setMore] = useState({ query, rows: 0 });
  const limit = REGISTRY_ROWS + (more.query === query ? more.rows : 0);
  const found = useMemo(() => (shown ? searchRegistry(catalog.index, query, limit) : NONE), [shown, catalog.index, query, limit]);
  const showMore = useCallback(() => setMore({ query, rows: limit - REGISTRY_ROWS + REGISTRY_MORE }), [query, limit]);
  const listed = catalog.loaded && catalog.problem === undefined && catalog.registries.length > 0 && catalog.index.rows.length > 0;
  return { catalog, query, found, listed, showMore };
}
