import { useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components';
import { useLive, useStore } from '../../state';
import { AddSecretForm } from './add-secret-form';

interface SecretName {
  name: string;
  server?: string | undefined;
}

/** Secret names only: values never leave the core. */
export function SecretsPanel() {
  const live = useLive();
  const [secrets, setSecrets] = useState<SecretName[] | null>(null);
  const [deleting, setDeleting] = useState<SecretName | null>(null);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<{ name: string; warning?: string | undefined } | null>(null);
  // The form takes the button's place: when it goes, the focus goes back to the button, not to the page.
  const addButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (adding || !refocus.current) return;
    refocus.current = false;
    addButton.current?.focus();
  }, [adding]);
  const close = () => {
    refocus.current = true;
    setAdding(false);
  };
  const { info } = useStore(live.servers);
  const memoryOnly = info?.vault.safety === 'memory-only';
  // The vault's facts (its entry count, beside) are read with the list: a secret stored or deleted here, or a sign-in stored meanwhile, shows in both.
  const load = useCallback(() => {
    live.api.listSecrets({}).then(setSecrets, () => setSecrets([]));
    void live.servers.refresh();
  }, [live]);
  useEffect(load, [load]);
  const label = (s: SecretName) => (s.server !== undefined ? `${s.name} (${s.server})` : s.name);
  return (
    <section aria-labelledby="secrets-title" className="panel">
      <h2 id="secrets-title">Secrets</h2>
      <p className="muted">Referenced from mcp.json as {'${secret:NAME}'}. Values are not shown here; Access shows one when you ask it to.</p>
      {added !== null && (
        <p className={added.warning !== undefined ? 'note note-warn' : 'note note-ok'} role="status">
          Stored {added.name}.{memoryOnly ? ' The vault is memory-only: it is gone when the app stops.' : ''}
          {added.warning !== undefined ? ` ${added.warning}` : ''}
        </p>
      )}
      {adding ? (
        <AddSecretForm
          memoryOnly={memoryOnly}
          onCancel={close}
          onAdded={(name, warning) => {
            close();
            setAdded({ name, warning });
            load();
          }}
        />
      ) : (
        <button type="button" className="button small" ref={addButton} onClick={() => setAdding(true)}>
          Add secret
        </button>
      )}
      {secrets?.length === 0 && <p className="empty">No named secrets.</p>}
      <ul className="plain-list">
        {(secrets ?? []).map((s) => (
          <li key={`${s.server ?? ''}/${s.name}`}>
            <code>{s.name}</code> {s.server !== undefined ? <span className="muted">for {s.server}</span> : <span className="muted">global</span>}{' '}
            <button type="button" className="button small quiet" onClick={() => setDeleting(s)} aria-label={`Delete secret ${label(s)}`}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      {deleting && (
        <ConfirmDialog
          title={`Delete secret ${label(deleting)}`}
          confirmLabel="Delete secret"
          danger
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await live.api.deleteSecret({ name: deleting.name, ...(deleting.server !== undefined ? { server: deleting.server } : {}) });
            load();
          }}
        >
          <p>Services that refer to it will fail to start until you store it again.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
