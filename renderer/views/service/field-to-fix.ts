import { currentError, type ServerStatus } from '../../../shared/api';
import { fieldAtFault, fixInEntry } from '../../../shared/errors';
import { firstFound } from '../../forms';
import { atFaultSelectors } from '../catalog/entry-field-error';

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
  return firstFound(form, named === undefined ? [fallback] : atFaultSelectors(named, 'edit', fallback));
}
