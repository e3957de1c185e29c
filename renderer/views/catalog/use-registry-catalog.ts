import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RegistryRow, RegistryState } from '../../../shared/api';
import { indexRegistryRows, type RegistryIndex } from '../../../shared/catalog';
import { useLive } from '../../state';

export interface RegistryCatalogState {
  index: RegistryIndex;
  registries: RegistryState[];
  loaded: boolean;
  /** Why the entries could not be read (mcp.json does not load, say): none is shown then, not the last read. */
  problem: string | undefined;
  refresh: () => void;
}

const EMPTY: RegistryRow[] = [];

/** The registries' entries (read once, and again when a sync ends) and their live state. */
export function useRegistryCatalog(): RegistryCatalogState {
  const live = useLive();
  const [rows, setRows] = useState<RegistryRow[]>(EMPTY);
  const [registries, setRegistries] = useState<RegistryState[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const load = useCallback(() => {
    live.api.registryCatalog({}).then(
      (catalog) => {
        setRows(catalog.entries);
        setRegistries(catalog.registries);
        setProblem(undefined);
        setLoaded(true);
      },
      (error: unknown) => {
        // Rows read before would pass for what the registries hold now.
        setRows(EMPTY);
        setRegistries([]);
        setProblem(error instanceof Error ? error.message : String(error));
        setLoaded(true);
      },
    );
  }, [live]);
  useEffect(() => {
    load();
    let syncing = false;
    return live.api.on('registryState', ({ registries: next }) => {
      setRegistries(next);
      const now = next.some((r) => r.syncing !== undefined);
      // A sync ended: its entries are new.
      if (syncing && !now) load();
      syncing = now;
    });
  }, [live, load]);
  const refresh = useCallback(() => {
    live.api.refreshRegistries({}).then(load, load);
  }, [live, load]);
  const index = useMemo(() => indexRegistryRows(rows), [rows]);
  return { index, registries, loaded, problem, refresh };
}
