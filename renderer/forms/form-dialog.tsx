import type { ErrorSchema } from '@rjsf/utils';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Dialog, DialogCancel, ErrorNote, useLeaveGuard } from '../components';
import { focusIfLost, type ShownError } from '../lib';
import { focusFieldAtFault, type FieldError } from './field-error';
import { SchemaForm, type SchemaFormProps } from './schema-form';

export interface FormDialogProps<T> {
  title: string;
  onClose: () => void;
  wide?: boolean;
  /** What the person reads before the form (what it adds, where secrets go). */
  children?: ReactNode;
  /** Why the last submit failed; shown above the form. */
  error?: ShownError | null;
  /** The form; absent while there is nothing to fill in yet (its options are being read). */
  form?: Omit<SchemaFormProps<T>, 'children'>;
  /** A new key draws a new form (another choice with other fields). */
  formKey?: string | number;
  /** Where focus goes once the dialog's work is done and it closes (see Dialog). */
  settledFocus?: () => HTMLElement | null;
  /** The field an error names, if it names one of the form's: the error is shown under it, and it takes the focus. */
  fieldError?: (error: ShownError) => FieldError<T> | undefined;
  /** What is wrong with the form as typed so far (a name already taken): said under its field at once, and the submit waits. */
  liveErrors?: (data: T | undefined) => ErrorSchema<T> | undefined;
}

/**
 * The one dialog with a form: the native modal (focus trapped, Escape closes, focus returned to the
 * opener, see Dialog), what to read, the error of the last try, and the form with its submit and Cancel.
 * Once the person edited the form, leaving the page, Escape, Close and Cancel ask first, until the dialog closes.
 */
export function FormDialog<T>({ title, onClose, wide, children, error, form, formKey, settledFocus, fieldError, liveErrors }: FormDialogProps<T>) {
  const [edited, setEdited] = useState(false);
  // The form's data as typed, for a form whose data the caller does not hold.
  const [typed, setTyped] = useState<T | undefined>(undefined);
  const current = form?.formData ?? typed;
  const live = liveErrors?.(current);
  const formOnChange = form?.onChange;
  const onChange = (data: T) => {
    setTyped(data);
    formOnChange?.(data);
  };
  // A submit's error, once the person changes the form, speaks of what is no longer there (a name
  // already taken, while they type another): it goes, and the next submit says again if it still holds.
  const [outdated, setOutdated] = useState<ShownError | null>(null);
  const shownError = error !== outdated ? error : null;
  useLeaveGuard(edited);
  // The error stands above the form, and the submit button below it: a long form scrolled to its
  // button would hide why the submit failed, so the error is brought into view when it comes.
  const errorAt = useRef<HTMLDivElement>(null);
  const atFault = shownError && fieldError ? fieldError(shownError) : undefined;
  const selectors = atFault?.selectors.join('\n');
  useEffect(() => {
    if (!shownError) return;
    // An error in one field: the person goes to that field, which says it under itself.
    if (selectors !== undefined && focusFieldAtFault(document, selectors.split('\n'))) return;
    errorAt.current?.scrollIntoView?.({ block: 'nearest' });
    // The submit button was disabled while it worked, which dropped focus to the page: it goes to the error, read out there.
    focusIfLost(() => errorAt.current);
  }, [shownError, selectors]);
  const onEdited = () => {
    setEdited(true);
    if (error) setOutdated(error);
  };
  return (
    <Dialog title={title} onClose={onClose} unsaved={edited} {...(wide ? { wide } : {})} {...(settledFocus ? { settledFocus } : {})}>
      {children}
      {shownError && (
        <div ref={errorAt} tabIndex={-1}>
          <ErrorNote error={atFault?.note ?? shownError} />
        </div>
      )}
      {form && (
        <SchemaForm<T> key={formKey} {...form} {...(atFault ? { extraErrors: atFault.errors } : {})} {...(live ? { liveErrors: live } : {})} onChange={onChange} onEdited={onEdited}>
          <DialogCancel />
        </SchemaForm>
      )}
    </Dialog>
  );
}
