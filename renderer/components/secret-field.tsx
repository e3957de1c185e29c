import { useEffect, useRef, useState } from 'react';
import { revealHidden } from '../../shared/text';
import { CLIPBOARD_CLEAR_MS, clearClipboardLater } from './copy-button';
import { useHandOverFocus } from './use-hand-over-focus';

export { CLIPBOARD_CLEAR_MS };

async function write(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard) throw new Error('no clipboard');
  await navigator.clipboard.writeText(text);
}

/**
 * A secret, masked: Reveal asks first, Copy puts it on the clipboard and clears the clipboard after
 * 30 s (if it still holds the secret where the page may read it back; else it is cleared anyway).
 */
export function SecretField({
  value,
  label,
  onReveal,
  onHide,
  readFailed = 'Could not read it from the vault',
}: {
  value: string | (() => Promise<string>);
  label: string;
  onReveal?: () => void;
  /** Hidden again (Hide). */
  onHide?: () => void;
  /** Said when the value cannot be read (where it comes from, what to do). */
  readFailed?: string;
}) {
  const [loaded, setLoaded] = useState<string | null>(typeof value === 'string' ? value : null);
  const [shown, setShown] = useState(false);
  const [asking, setAsking] = useState(false);
  const [status, setStatus] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { takeFocus, pressed } = useHandOverFocus();
  // Gone from the screen, the clear still runs (a token must not stay on the clipboard); only the status goes.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);
  /** The value, fetched only when the person reveals or copies it. */
  const get = async (): Promise<string> => {
    if (loaded !== null) return loaded;
    const fetched = typeof value === 'string' ? value : await value();
    setLoaded(fetched);
    return fetched;
  };
  const copy = () => {
    let copied = '';
    get()
      .then((text) => {
        copied = text;
        return write(text);
      })
      .then(
      () => {
        setStatus('Copied; the clipboard is cleared in 30 seconds');
        clearTimeout(timer.current);
        timer.current = clearClipboardLater(copied, () => mounted.current && setStatus('Clipboard cleared'));
      },
      () => setStatus('Could not copy; reveal it and select the text instead'),
    );
  };
  return (
    <div className="secret-field">
      {/* Hidden characters (NUL, ESC, bidi overrides) shown as escapes, as everywhere else; Copy copies the value as stored. */}
      <code aria-label={shown ? label : `${label}, hidden`}>{shown && loaded !== null ? revealHidden(loaded) : '•'.repeat(12)}</code>
      {!shown && !asking && (
        <button type="button" className="button small" ref={takeFocus} onClick={pressed(() => setAsking(true))}>
          Reveal
        </button>
      )}
      {asking && (
        <span className="secret-confirm" role="group" aria-label={`Reveal ${label}?`}>
          <span>Show it on screen?</span>
          <button
            type="button"
            className="button small"
            ref={takeFocus}
            onClick={() => {
              get().then(
                pressed(() => {
                  setShown(true);
                  setAsking(false);
                  onReveal?.();
                }),
                pressed(() => {
                  setAsking(false);
                  setStatus(readFailed);
                }),
              );
            }}
          >
            Show {label}
          </button>
          <button type="button" className="button small quiet" onClick={pressed(() => setAsking(false))}>
            Keep hidden
          </button>
        </span>
      )}
      {shown && (
        <button
          type="button"
          className="button small"
          ref={takeFocus}
          onClick={pressed(() => {
            setShown(false);
            onHide?.();
          })}
        >
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
