import { useEffect, useState } from 'react';
import { useLive } from '../../state';

const NO_NAMES: readonly string[] = [];

/**
 * The vault's secrets for every service (names only), to choose instead of typing a value again; none
 * while loading, or when the form takes no secret (`wanted` false).
 */
export function useStoredSecretNames(wanted: boolean): readonly string[] {
  const live = useLive();
  const [names, setNames] = useState<readonly string[]>(NO_NAMES);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    live.api.listSecrets({}).then(
      (secrets) => current && setNames(secrets.filter((secret) => secret.server === undefined).map((secret) => secret.name)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [live, wanted]);
  return names;
}
