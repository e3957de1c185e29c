import { useCallback, useEffect, useState } from 'react';
import type { SecretStoreView } from '../../../shared/api';
import { Badge, CodeSpans, ErrorNote, LoadingSkeleton } from '../../components';
import { describeError, shownLine, type ShownError } from '../../lib';
import { useLive } from '../../state';

/**
 * Whether a store answers. One that no server uses and that does not answer is simply not set up
 * (pass never initialised, no keyring): said plainly with how to set it up, not shown as a failure.
 */
function StoreState({ store }: { store: SecretStoreView }) {
  if (store.approval === 'pending') return <Badge tone="warn">waiting for approval</Badge>;
  if (store.ok) {
    return (
      <>
        <Badge tone="ok">ready</Badge>
        <div className="muted">{shownLine(store.detail)}</div>
      </>
    );
  }
  // A fix often names a command in backticks: set as code, not shown with its backticks.
  const fix = store.fix === undefined ? null : <CodeSpans text={store.fix} />;
  // The app's own vault is always there (it holds every sign-in), so never "not set up": one that
  // keeps secrets only in memory, or is sealed, says so as the Credential vault panel does.
  if (store.type === 'vault') {
    return (
      <>
        <Badge tone="warn">needs attention</Badge>
        <div className="muted">{shownLine(store.detail)}</div>
        {fix !== null && <div className="muted">{fix}</div>}
      </>
    );
  }
  if (!store.used) {
    return (
      <>
        <Badge tone="muted">not set up</Badge>
        <div className="muted">{shownLine(store.detail)}</div>
        <div className="muted">
          Nothing uses it yet, so nothing needs fixing.{fix !== null && <> To use it: {fix}</>}
        </div>
      </>
    );
  }
  return (
    <>
      <Badge tone="error">not working</Badge>
      <div className="muted">{shownLine(store.detail)}</div>
      {fix !== null && <div className="muted">{fix}</div>}
    </>
  );
}

/**
 * The stores `${secret:STORE:PATH}` reads (docs/vault.md, "Secret stores"), each with whether it
 * answers; a command store waiting for approval shows its exact command, program and arguments one
 * by one as they are run (no shell), with Approve and Refuse. Approving is logged like every other change.
 */
/** What kind of store each is, in words: the built-in stores are named after their kind, which said it twice ("vault vault"). */
const STORE_KINDS: Record<SecretStoreView['type'], string> = {
  vault: "this app's own vault",
  pass: 'the standard Unix password manager',
  keepassxc: 'a KeePassXC database',
  'secret-service': "your desktop's keyring (Secret Service)",
  command: 'a program of yours',
};

export function StoresPanel() {
  const live = useLive();
  const [stores, setStores] = useState<SecretStoreView[] | null>(null);
  const [refused, setRefused] = useState<string[]>([]);
  const [error, setError] = useState<ShownError | null>(null);
  const load = useCallback(() => {
    live.api.listSecretStores({}).then(setStores, () => setStores([]));
  }, [live]);
  useEffect(load, [load]);
  const approve = (store: SecretStoreView) => {
    setError(null);
    live.api.approveSecretStore({ name: store.name, ...(store.commandLine !== undefined ? { commandLine: store.commandLine } : {}) }).then(load, (e: unknown) => setError(describeError(e)));
  };
  return (
    <section aria-labelledby="stores-title" className="panel" aria-busy={stores === null}>
      <h2 id="stores-title">Secret stores</h2>
      <p className="muted">Where {'${secret:STORE:PATH}'} reads from. Values are not shown here; Access shows one when you ask it to.</p>
      {error !== null && <ErrorNote error={error} />}
      {stores === null && <LoadingSkeleton label="Loading secret stores" shape="lines" count={2} />}
      <ul className="plain-list stores">
        {(stores ?? []).map((store) => (
          <li key={store.name} aria-label={`store ${store.name}`}>
            <code>{shownLine(store.name)}</code> <span className="muted">{STORE_KINDS[store.type]}</span>{' '}
            <StoreState store={store} />
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
                    Refused: it stays unapproved, and services that read from it wait until it is approved.
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
