import type { ErrorSchema } from '@rjsf/utils';
import { serverNameAdvice } from '../../../shared/api';
import { nameAdviceLine } from '../../lib';

const TAKEN = 'A service with this name already exists; choose another.';

/**
 * A service's name field, checked on submit as the command line checks it: the rule in exact words
 * (letters a-z only, when the name holds an accent) and a name that would do, none of `taken`. A name
 * that keeps the rule but is taken is said as it is typed, by `takenNameErrors`.
 */
export function checkServiceName(name: string | undefined, taken: ReadonlySet<string>, errors: { addError: (message: string) => void } | undefined): void {
  if (name === undefined || errors === undefined) return;
  const advice = serverNameAdvice(name, [...taken], 'service');
  if (advice !== undefined) errors.addError(nameAdviceLine(advice));
}

/** Said under the name field while the person types: the name keeps the rule, and a service has it already. */
export function takenNameMessage(name: string | undefined, taken: ReadonlySet<string>): string | undefined {
  if (name === undefined || !taken.has(name) || serverNameAdvice(name, [...taken], 'service') !== undefined) return undefined;
  return TAKEN;
}

/** `takenNameMessage` as a schema form's errors, under its `name` field. */
export function takenNameErrors<T extends { name?: string | undefined }>(data: T | undefined, taken: ReadonlySet<string>): ErrorSchema<T> | undefined {
  const message = takenNameMessage(data?.name, taken);
  return message === undefined ? undefined : { name: { __errors: [message] } };
}
