import { useEffect, useRef, useState } from 'react';

/** How long a copied secret may stay on the clipboard. */
export const CLIPBOARD_CLEAR_MS = 30_000;

async function write(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard) throw new Error('no clipboard');
  await navigator.clipboard.writeText(text);
}

/**
 * A secret, masked: Reveal asks first, Copy puts it on the clipboard and clears the clipboard after
 * 30 s (if it still holds the secret where the page may read it back; else it is cleared anyway).
 */
export function SecretField({ value, label, onReveal }: { value: string; label: string; onReveal?: () => void }) {
  const [shown, setShown] = useState(false);
  const [asking, setAsking] = useState(false);
  const [status, setStatus] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = () => {
    write(value).then(
      () => {
        setStatus('Copied; the clipboard is cleared in 30 seconds');
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          void (async () => {
            const now = await navigator.clipboard.readText().catch(() => value);
            if (now === value) await navigator.clipboard.writeText('').catch(() => undefined);
            setStatus('Clipboard cleared');
          })();
        }, CLIPBOARD_CLEAR_MS);
      },
      () => setStatus('Could not copy; reveal it and select the text instead'),
    );
  };
  return (
    <div className="secret-field">
      <code aria-label={shown ? label : `${label}, hidden`}>{shown ? value : '•'.repeat(Math.min(24, Math.max(8, value.length)))}</code>
      {!shown && !asking && (
        <button type="button" className="button small" onClick={() => setAsking(true)}>
          Reveal
        </button>
      )}
      {asking && (
        <span className="secret-confirm" role="group" aria-label={`Reveal ${label}?`}>
          <span>Show it on screen?</span>
          <button
            type="button"
            className="button small"
            onClick={() => {
              setShown(true);
              setAsking(false);
              onReveal?.();
            }}
          >
            Show {label}
          </button>
          <button type="button" className="button small quiet" onClick={() => setAsking(false)}>
            Keep hidden
          </button>
        </span>
      )}
      {shown && (
        <button type="button" className="button small" onClick={() => setShown(false)}>
          Hide
        </button>
      )}
      <button type="button" className="button small" onClick={copy}>
        Copy {label}
      </button>
      <span role="status" className="copy-status">
        {status}
      </span>
    </div>
  );
}
