import { useEffect, useState } from 'react';
import type { ApiOutput } from '../../../../shared/api';
import { ErrorNote } from '../../../components';
import { describeError, type ShownError } from '../../../lib';
import { useLive } from '../../../state';

type Permission = ApiOutput<'listAppPermissions'>['allowed'][number];
const WORD: Record<Permission, string> = { camera: 'camera', microphone: 'microphone', geolocation: 'location', clipboardWrite: 'writing to the clipboard' };

/**
 * What an app asks for of the device (SEP-1865 §permissions), and what the person allowed that
 * server's apps: allowed once per server, shown here and taken back here. A change reopens the app,
 * whose frame gets only what is allowed.
 */
export function AppPermissions({ server, requested, onChanged }: { server: string; requested: readonly Permission[]; onChanged: () => void }) {
  const live = useLive();
  const [allowed, setAllowed] = useState<Permission[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);

  useEffect(() => {
    let gone = false;
    live.api.listAppPermissions({ server }).then(
      ({ allowed: list }) => !gone && setAllowed(list),
      (failure: unknown) => !gone && setError(describeError(failure)),
    );
    return () => {
      gone = true;
    };
  }, [live, server]);

  if (requested.length === 0 && (allowed?.length ?? 0) === 0) return null;
  const missing = requested.filter((p) => !(allowed ?? []).includes(p));
  const change = (next: Permission[]) => {
    setBusy(true);
    setError(null);
    live.api.setAppPermissions({ server, allowed: next }).then(
      () => {
        setAllowed(next);
        setBusy(false);
        onChanged();
      },
      (failure: unknown) => {
        setError(describeError(failure));
        setBusy(false);
      },
    );
  };
  return (
    <div className="note" role="group" aria-label={`What apps of ${server} may use`}>
      {missing.length > 0 && (
        <p>
          This app asks for {missing.map((p) => WORD[p]).join(', ')}. It gets none of it unless you allow it for {server}.{' '}
          <button type="button" className="button small" disabled={busy || allowed === null} onClick={() => change([...(allowed ?? []), ...missing])}>
            Allow for {server}
          </button>
        </p>
      )}
      {(allowed ?? []).length > 0 && (
        <p>
          Apps of {server} may use: {(allowed ?? []).map((p) => WORD[p]).join(', ')}.{' '}
          <button type="button" className="button small danger" disabled={busy} onClick={() => change([])}>
            Revoke
          </button>
        </p>
      )}
      {error && <ErrorNote error={error} />}
    </div>
  );
}
