import { currentError, type ServerStatus } from '../../../shared/api';
import { fieldAtFault, fixInEntry } from '../../../shared/errors';

/**
 * The edit form's input an error in the entry itself points at: the field it names (`data.field`,
 * the argument at `data.index`), else the URL of a remote service, else the command. Null when the
 * error is not in the entry.
 */
export function fieldToFix(form: HTMLElement, status: Pick<ServerStatus, 'state' | 'approval' | 'lastError' | 'transport'>): HTMLElement | null {
  const error = currentError(status);
  if (!fixInEntry(error)) return null;
  const fallback = status.transport === 'http' ? '#edit_url' : '#edit_command';
  const named = fieldAtFault(error);
  const at = (selector: string) => form.querySelector<HTMLElement>(selector);
  if (named === undefined) return at(fallback);
  switch (named.field) {
    case 'args':
      // An argument the form no longer has (the list was edited in mcp.json since): the first one.
      return (named.index === undefined ? null : at(`#edit_args_${named.index}`)) ?? at('input[id^="edit_args_"]') ?? at(fallback);
    case 'env':
      return at('input[id^="edit_env_"]') ?? at(fallback);
    default:
      return at(`#edit_${named.field}`) ?? at(fallback);
  }
}
