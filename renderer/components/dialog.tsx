import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
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
}

/**
 * A modal on the native <dialog>: the browser traps focus and closes on Escape. Rendered only while
 * open, so the browser's own focus return never happens (the element is gone): focus goes back to
 * what opened it here.
 */
export function Dialog({ title, onClose, children, wide, returnFocusTo, fallbackFocus, settledFocus }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  const fallbackRef = useRef(fallbackFocus);
  const settledRef = useRef(settledFocus);
  // Read while rendering, before an autofocused field inside takes focus.
  const [opener] = useState(
    () => returnFocusTo ?? (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null),
  );
  useEffect(() => {
    closeRef.current = onClose;
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
      event.preventDefault();
      closeRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      returnFocus(opener, settledRef.current, fallbackRef.current);
    };
  }, [opener]);

  return (
    <dialog ref={ref} className={`dialog ${wide ? 'wide' : ''}`.trim()} aria-labelledby={titleId}>
      <div className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="button small quiet" onClick={() => closeRef.current()} aria-label={`Close “${title}”`}>
          Close
        </button>
      </div>
      <div className="dialog-body">{children}</div>
    </dialog>
  );
}
