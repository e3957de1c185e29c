import type { ErrorSchema } from '@rjsf/utils';
import type { ShownError } from '../lib';

/** An error that names a field of the form: the note above the form, what rjsf shows under the field, and where to find it. */
export interface FieldError<T> {
  /** The note above the form, the field named by its label. */
  note: ShownError;
  /** What rjsf shows under the field (its `extraErrors`). */
  errors: ErrorSchema<T>;
  /** CSS selectors of the field's input, the most exact first. */
  selectors: string[];
}

/** The first element the selectors find, tried in their order (one selector list would take the page's order). */
export function firstFound(root: ParentNode, selectors: readonly string[]): HTMLElement | null {
  for (const selector of selectors) {
    const found = root.querySelector<HTMLElement>(selector);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Takes the person to the field at fault: focused, scrolled into view by itself (a note brought into
 * view above a long form cut the dialog's title off). False when the form has no such field.
 */
export function focusFieldAtFault(root: ParentNode, selectors: readonly string[]): boolean {
  const input = firstFound(root, selectors);
  if (input === null) return false;
  input.focus({ preventScroll: true });
  input.scrollIntoView?.({ block: 'nearest' });
  return true;
}
