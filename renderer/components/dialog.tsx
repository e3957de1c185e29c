import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { DialogCloseContext, DiscardAsk } from './dialog-close';
import { returnFocus } from './focus-return';

/** A dialog's first field: what the person came to fill in. */
const FIRST_FIELD = '.dialog-body :is(input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), select, textarea):not(:disabled)';

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  /** Where focus goes on close when what opened it is gone (a dialog that followed another). */
  returnFocusTo?: HTMLElement | null;
  /**
   * Where focus goes on close when what opened it is gone since (a button the dialog's work made
   * unneeded), or leaves the page after focus went back to it.
   */
  fallbackFocus?: () => HTMLElement | null;
  /** Where focus goes on close before what opened it: null leaves it to the opener (the dialog's work not done). */
  settledFocus?: () => HTMLElement | null;
  /**
   * The dialog holds edits not saved: Escape, Close and its DialogCancel first ask "Discard your
   * changes?" in place. The dialog's own work done (saved) still closes it through `onClose` at once.
   */
  unsaved?: boolean;
  /**
   * The dialog's own work runs (a save): Escape, Close and its DialogCancel wait for it, so its outcome
   * (closed when done, its error shown in place) reaches the person instead of a dialog already gone.
   */
  working?: boolean;
}

/**
 * A modal on the native <dialog>: the browser traps focus and closes on Escape. Rendered only while
 * open, so the browser's own focus return never happens (the element is gone): focus goes back to
 * what opened it here.
 */
export function Dialog({ title, onClose, children, wide, returnFocusTo, fallbackFocus, settledFocus, unsaved = false, working = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  const unsavedRef = useRef(unsaved);
  const workingRef = useRef(working);
  const [asking, setAsking] = useState(false);
  const askingRef = useRef(false);
  // Where focus was when the question came: Keep editing puts it back there.
  const beforeAskRef = useRef<HTMLElement | null>(null);
  const fallbackRef = useRef(fallbackFocus);
  const settledRef = useRef(settledFocus);
  // Read while rendering, before an autofocused field inside takes focus.
  const [opener] = useState(
    () => returnFocusTo ?? (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null),
  );

  const keepEditing = useCallback(() => {
    askingRef.current = false;
    setAsking(false);
    const back = beforeAskRef.current?.isConnected === true ? beforeAskRef.current : ref.current?.querySelector<HTMLElement>(FIRST_FIELD);
    back?.focus();
  }, []);
  // Escape, Close or Cancel: closes; with edits not saved asks first, and Escape on the question keeps editing.
  const requestClose = useCallback(() => {
    if (workingRef.current) return;
    if (!unsavedRef.current) {
      closeRef.current();
      return;
    }
    if (askingRef.current) {
      keepEditing();
      return;
    }
    const focused = document.activeElement;
    beforeAskRef.current = focused instanceof HTMLElement && ref.current?.contains(focused) === true ? focused : null;
    askingRef.current = true;
    setAsking(true);
  }, [keepEditing]);

  useEffect(() => {
    closeRef.current = onClose;
    unsavedRef.current = unsaved;
    workingRef.current = working;
    fallbackRef.current = fallbackFocus;
    settledRef.current = settledFocus;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') {
        try {
          dialog.showModal();
        } catch {
          dialog.setAttribute('open', '');
        }
      } else dialog.setAttribute('open', '');
      // showModal focuses the first control, which is Close: the first letters typed would be lost.
      // The first field takes the focus instead (a dialog without one keeps it on Close).
      dialog.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
    }
    const cancel = (event: Event) => {
      // Not cancelable: the dialog closes whatever is done here, and `close` below keeps it open.
      if (!event.cancelable) return;
      event.preventDefault();
      requestClose();
    };
    // Chromium closes a modal without a cancelable `cancel` on a second Escape with no click between
    // (HTML §6.13 close watchers): edits not saved keep it open, the question still asked, as does work running.
    const closed = () => {
      if (!unsavedRef.current && !workingRef.current) {
        closeRef.current();
        return;
      }
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      requestClose();
    };
    dialog.addEventListener('cancel', cancel);
    dialog.addEventListener('close', closed);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      dialog.removeEventListener('close', closed);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      returnFocus(opener, settledRef.current, fallbackRef.current);
    };
  }, [opener, requestClose]);

  return (
    <dialog ref={ref} className={`dialog ${wide ? 'wide' : ''}`.trim()} aria-labelledby={titleId}>
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button small quiet" onClick={requestClose} aria-label={`Close “${title}”`} aria-disabled={working || undefined}>
          Close
        </button>
      </div>
      <div className="dialog-body">
        {asking && <DiscardAsk onDiscard={() => closeRef.current()} onKeep={keepEditing} />}
        <DialogCloseContext.Provider value={requestClose}>{children}</DialogCloseContext.Provider>
      </div>
    </dialog>
  );
}
