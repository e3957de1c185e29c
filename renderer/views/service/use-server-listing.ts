import { useEffect, useState } from 'react';
import type { AppApi } from '../../../shared/api';
import { describeError, type ShownError } from '../../lib';
import { useLive } from '../../state';

/**
 * A listing of one server (resources, prompts), loaded once and again whenever its inventory changes.
 * `fetch` must be stable (module-level), or every render would reload.
 */
export function useServerListing<T>(server: string, fetch: (api: AppApi, server: string) => Promise<T>): { data: T | null; error: ShownError | null } {
  const live = useLive();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ShownError | null>(null);

  useEffect(() => {
    let current = true;
    const load = () =>
      fetch(live.api, server).then(
        (result) => current && setData(result),
        (failure: unknown) => current && setError(describeError(failure)),
      );
    void load();
    const off = live.api.on('inventoryChanged', (event) => {
      // A removed server's page is left for the list: asking it again would be not_found.
      if (event.server === server && event.removed !== true) void load();
    });
    return () => {
      current = false;
      off();
    };
  }, [live, server, fetch]);

  return { data, error };
}
