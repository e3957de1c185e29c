import { useRef, useState, type FormEvent } from 'react';
import { Dialog, ErrorNote, MemoryVaultNote } from '../../components';
import { describeError, type ShownError } from '../../lib';
import { useLive, useStore } from '../../state';
import './api-key-dialog.css';

export interface ApiKeyDialogProps {
  server: string;
  onClose: () => void;
  /**
   * Where focus goes once the key is stored and the service connected (whatever state a status arriving
   * meanwhile shows), and when the button that opened it is gone (the service no longer needs a key).
   */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * The API key of a service, typed into a masked field and stored in the vault where the service's entry
 * reads it; then the service starts with it (its first tools listed), in one step.
 */
export function ApiKeyDialog({ server, onClose, fallbackFocus }: ApiKeyDialogProps) {
  const live = useLive();
  const { info } = useStore(live.servers);
  const [value, setValue] = useState('');
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState<'storing' | 'starting' | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  // Read as the dialog closes, in the same render as the close: a ref, not state.
  const connected = useRef(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value === '') return;
    setBusy('storing');
    setError(null);
    void (async () => {
      try {
        await live.api.setApiKey({ name: server, value });
        setValue('');
        setBusy('starting');
        live.servers.upsert(await live.api.connect({ name: server }));
        connected.current = true;
        onClose();
      } catch (failure) {
        setError(describeError(failure));
        setBusy(null);
        void live.servers.refresh();
      }
    })();
  };

  return (
    <Dialog
      title={`API key for ${server}`}
      onClose={onClose}
      {...(fallbackFocus ? { fallbackFocus, settledFocus: () => (connected.current ? fallbackFocus() : null) } : {})}
    >
      <form className="api-key-form" onSubmit={submit} aria-label={`API key for ${server}`}>
        <p>The key goes into the vault, never into mcp.json; it is not shown again.</p>
        {info?.vault.safety === 'memory-only' && <MemoryVaultNote />}
        <label className="field">
          <span>API key</span>
          <input
            type={shown ? 'text' : 'password'}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            required
            // A dialog opened to type one thing: the first letters typed must land here.
            autoFocus
          />
        </label>
        <label className="field inline">
          <input type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} />
          Show the key while typing
        </label>
        {error && <ErrorNote error={error} />}
        <div className="button-row">
          <button type="submit" className="button primary" disabled={busy !== null || value === ''}>
            {busy === 'storing' ? 'Storing…' : busy === 'starting' ? `Starting ${server}…` : 'Store and connect'}
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
