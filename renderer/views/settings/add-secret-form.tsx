import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SECRET_NAME_PATTERN } from '../../../shared/vault';
import { ErrorNote } from '../../components';
import { describeError, type ShownError } from '../../lib';
import { useLive } from '../../state';

/** Stores a named secret in the vault (for `${secret:NAME}` in mcp.json); the value is sent once, never shown again. */
/** `onAdded` gets the core's warning too (the vault file was damaged and written back, or no service has that name). */
export function AddSecretForm({ memoryOnly, onAdded, onCancel }: { memoryOnly: boolean; onAdded: (name: string, warning?: string) => void; onCancel: () => void }) {
  const live = useLive();
  const noteId = useId();
  const [name, setName] = useState('');
  const [server, setServer] = useState('');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const badName = name !== '' && !SECRET_NAME_PATTERN.test(name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (badName || name === '' || value === '') return;
    setBusy(true);
    setError(null);
    live.api.setSecret({ name, value, ...(server !== '' ? { server } : {}) }).then(
      (written) => onAdded(name, written.warning),
      (failure: unknown) => {
        setBusy(false);
        setError(describeError(failure));
      },
    );
  };

  // Escape leaves the form as Cancel does, as it leaves a dialog.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || busy) return;
    event.preventDefault();
    onCancel();
  };

  return (
    <form className="add-secret" aria-label="Add a secret" onSubmit={submit} onKeyDown={onKeyDown}>
      {memoryOnly && (
        <p id={noteId} className="note note-warn">
          The vault is memory-only: this secret is kept until the app stops, not after.
        </p>
      )}
      <label className="field">
        <span>Name</span>
        {/* Opened by a click on Add secret, which it replaces: the focus starts here, not on the page. */}
        <input value={name} onChange={(e) => setName(e.target.value)} required aria-invalid={badName} autoComplete="off" autoFocus />
      </label>
      {badName && <p className="note note-error">Use 1-128 letters, digits, “_”, “.” or “-”.</p>}
      <label className="field">
        <span>For service (optional; leave empty for every service)</span>
        <input value={server} onChange={(e) => setServer(e.target.value)} autoComplete="off" />
      </label>
      <label className="field">
        <span>Value</span>
        <input type="password" value={value} onChange={(e) => setValue(e.target.value)} required autoComplete="off" {...(memoryOnly ? { 'aria-describedby': noteId } : {})} />
      </label>
      {error && <ErrorNote error={error} />}
      <div className="button-row">
        <button type="submit" className="button primary" disabled={busy || badName || name === '' || value === ''}>
          Store secret
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
