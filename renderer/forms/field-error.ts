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
 * An input focused for an error under its whole group (a list's, not its own) is described by that
 * error too, so a screen reader says why it was taken there (WCAG 3.3.1); rjsf's error list is `<id>__error`.
 */
function describedByGroupError(input: HTMLElement): void {
  if (input.getAttribute('aria-invalid') === 'true') return;
  const said = input.closest('.has-error')?.querySelector(':scope > [id$="__error"], :scope > * > [id$="__error"]');
  if (!said?.id) return;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  if (!ids.includes(said.id)) input.setAttribute('aria-describedby', [...ids, said.id].join(' '));
}

/**
 * Takes the person to the field at fault: focused, scrolled into view by itself (a note brought into
 * view above a long form cut the dialog's title off). False when the form has no such field.
 */
export function focusFieldAtFault(root: ParentNode, selectors: readonly string[]): boolean {
  const input = firstFound(root, selectors);
  if (input === null) return false;
  describedByGroupError(input);
  input.focus({ preventScroll: true });
  input.scrollIntoView?.({ block: 'nearest' });
  return true;
}
