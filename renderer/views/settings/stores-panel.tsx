import { useCallback, useEffect, useState } from 'react';
import type { SecretStoreView } from '../../../shared/api';
import { Badge, LoadingSkeleton } from '../../components';
import { shownLine } from '../../lib';
import { useLive } from '../../state';

/**
 * The stores `${secret:STORE:PATH}` reads (docs/vault.md, "Secret stores"), each with whether it
 * answers; a command store waiting for approval shows its exact command, program and arguments one
 * by one as they are run (no shell), with Approve and Refuse. Approving is logged like every other change.
 */
export function StoresPanel() {
  const live = useLive();
  const [stores, setStores] = useState<SecretStoreView[] | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    live.api.listSecretStores({}).then(setStores, () => setStores([]));
  }, [live]);
  useEffect(load, [load]);
  const approve = (store: SecretStoreView) => {
    setError(null);
    live.api.approveSecretStore({ name: store.name, ...(store.commandLine !== undefined ? { commandLine: store.commandLine } : {}) }).then(load, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  };
  return (
    <section aria-labelledby="stores-title" className="panel" aria-busy={stores === null}>
      <h2 id="stores-title">Secret stores</h2>
      <p className="muted">Where {'${secret:STORE:PATH}'} reads from. Values are never shown.</p>
      {error !== null && (
        <p className="note note-error" role="alert">
          {error}
        </p>
      )}
      {stores === null && <LoadingSkeleton label="Loading secret stores" shape="lines" count={2} />}
      <ul className="plain-list stores">
        {(stores ?? []).map((store) => (
          <li key={store.name} aria-label={`store ${store.name}`}>
            <code>{store.name}</code> <span className="muted">{store.type}</span>{' '}
            <Badge tone={store.ok ? 'ok' : store.approval === 'pending' ? 'warn' : store.used ? 'error' : 'muted'}>{store.ok ? 'ready' : store.approval === 'pending' ? 'waiting for approval' : 'not ready'}</Badge>
            {store.approval !== 'pending' && <div className="muted">{shownLine(store.detail)}</div>}
            {!store.ok && store.fix !== undefined && store.approval !== 'pending' && <div className="muted">{shownLine(store.fix)}</div>}
            {store.approval === 'pending' && store.argv !== undefined && (
              <div className="store-approval">
                <p>It runs this program with these arguments, without a shell ({'{path}'} becomes the path a reference names):</p>
                <ol className="argv" aria-label={`command of ${store.name}`}>
                  {store.argv.map((part, i) => (
                    <li key={i}>
                      <code>{shownLine(part)}</code>
                    </li>
                  ))}
                </ol>
                {refused.includes(store.name) ? (
                  <p className="muted" role="status">
                    Refused: it stays unapproved, and servers that read from it wait until it is approved.
                  </p>
                ) : (
                  <div className="button-row">
                    <button type="button" className="button small primary" onClick={() => approve(store)} aria-label={`Approve the command of ${store.name}`}>
                      Approve
                    </button>
                    <button type="button" className="button small danger" onClick={() => setRefused((r) => [...r, store.name])} aria-label={`Refuse the command of ${store.name}`}>
                      Refuse
                    </button>
                  </div>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
