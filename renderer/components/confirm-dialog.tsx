import { useState, type ReactNode } from 'react';
import { describeError, type ShownError } from '../lib';
import { Dialog } from './dialog';
import { ErrorNote } from './error-note';

export interface ConfirmDialogProps {
  title: string;
  confirmLabel: string;
  danger?: boolean;
  children: ReactNode;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  returnFocusTo?: HTMLElement | null;
  /** Where focus goes when what opened the dialog is gone since (the dialog's work made it unneeded). */
  fallbackFocus?: () => HTMLElement | null;
  /** Where the finished work leaves the person (a token shown once), before the control that opened the dialog. */
  settledFocus?: () => HTMLElement | null;
}

/** Asks before doing something that matters; shows the failure in place instead of closing, and stays open until it is known. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const confirm = () => {
    setBusy(true);
    setError(null);
    props.onConfirm().then(
      () => props.onClose(),
      (failure: unknown) => {
        setBusy(false);
        setError(describeError(failure));
      },
    );
  };
  return (
    <Dialog
      title={props.title}
      onClose={props.onClose}
      working={busy}
      {...(props.returnFocusTo !== undefined ? { returnFocusTo: props.returnFocusTo } : {})}
      {...(props.fallbackFocus !== undefined ? { fallbackFocus: props.fallbackFocus } : {})}
      {...(props.settledFocus !== undefined ? { settledFocus: props.settledFocus } : {})}
    >
      {props.children}
      {error && <ErrorNote error={error} />}
      <div className="form-buttons">
        <button type="button" className={`button ${props.danger ? 'danger-solid' : 'primary'}`} disabled={busy} onClick={confirm}>
          {busy ? 'Working…' : props.confirmLabel}
        </button>
        <button type="button" className="button" disabled={busy} onClick={props.onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
