import { serverNameAdvice } from '../../../shared/api';
import { nameAdviceLine } from '../../lib';

/**
 * A service's name field, checked as the command line checks it: the rule in exact words (letters
 * a-z only, when the name holds an accent) and a name that would do, none of `taken`.
 */
export function checkServiceName(name: string | undefined, taken: ReadonlySet<string>, errors: { addError: (message: string) => void } | undefined): void {
  if (name === undefined || errors === undefined) return;
  const advice = serverNameAdvice(name, [...taken], 'service');
  if (advice !== undefined) errors.addError(nameAdviceLine(advice));
  else if (taken.has(name)) errors.addError('A service with this name already exists; choose another.');
}
