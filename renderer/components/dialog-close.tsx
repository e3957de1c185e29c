import { createContext, useContext, useEffect, useId, useRef } from 'react';

/** Closes the dialog around it, asking first while it holds edits not saved (see Dialog's `unsaved`). */
export const DialogCloseContext = createContext<(() => void) | null>(null);

/** The Cancel of a dialog's form: closes it as Escape and Close do, asking first while edits are not saved. */
export function DialogCancel({ label = 'Cancel', disabled }: { label?: string; disabled?: boolean }) {
  const close = useContext(DialogCloseContext);
  if (close === null) throw new Error('DialogCancel is used outside a Dialog');
  return (
    <button type="button" className="button" onClick={close} disabled={disabled}>
      {label}
    </button>
  );
}

export interface DiscardAskProps {
  onDiscard: () => void;
  onKeep: () => void;
}

/**
 * "Discard your changes?" in the dialog itself (a second modal over the first would trap focus twice):
 * Keep editing takes the focus, so a second Enter or Space loses nothing.
 */
export function DiscardAsk({ onDiscard, onKeep }: DiscardAskProps) {
  const keepRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    keepRef.current?.focus();
  }, []);
  return (
    <div className="note note-warn discard-ask" role="group" aria-labelledby={titleId}>
      <p id={titleId}>
        <strong>Discard your changes?</strong> What you typed here is not saved.
      </p>
      <div className="form-buttons">
        <button type="button" className="button danger-solid" onClick={onDiscard}>
          Discard changes
        </button>
        <button type="button" className="button" ref={keepRef} onClick={onKeep}>
          Keep editing
        </button>
      </div>
    </div>
  );
}
