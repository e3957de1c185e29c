import { useState } from 'react';
import { useHandOverFocus } from '../../components';

/**
 * Said above the edit form of an entry holding secrets in clear: they are hidden, and Reveal asks
 * first (as a vault secret's Reveal does) before the form and the changes show them.
 */
export function SecretsInClearNote({ fields, revealed, onReveal }: { fields: readonly string[]; revealed: boolean; onReveal: (shown: boolean) => void }) {
  const count = fields.length;
  const [asking, setAsking] = useState(false);
  const them = count === 1 ? 'it' : 'them';
  const { takeFocus, pressed: act } = useHandOverFocus();
  return (
    <div className="note note-warn secrets-in-clear" role="note" aria-label="Secrets in clear">
      <p>
        {count === 1 ? 'A secret is' : 'Secrets are'} written in clear in mcp.json for this service ({fields.join(', ')}); {count === 1 ? 'it is' : 'they are'}{' '}
        {revealed ? 'shown' : 'hidden'} here. Tick “Keep in the vault” beside a variable or header to move its value into the vault.
      </p>
      <div className="secret-confirm">
        {!revealed && !asking && (
          <button type="button" className="button small" ref={takeFocus} onClick={act(() => setAsking(true))}>
            Reveal
          </button>
        )}
        {asking && (
          <span className="secret-confirm" role="group" aria-label="Reveal the secrets?">
            <span>Show {them} on screen?</span>
            <button
              type="button"
              className="button small"
              ref={takeFocus}
              onClick={act(() => {
                setAsking(false);
                onReveal(true);
              })}
            >
              Show the secrets
            </button>
            <button type="button" className="button small quiet" onClick={act(() => setAsking(false))}>
              Keep hidden
            </button>
          </span>
        )}
        {revealed && (
          <button type="button" className="button small" ref={takeFocus} onClick={act(() => onReveal(false))}>
            Hide
          </button>
        )}
      </div>
    </div>
  );
}
