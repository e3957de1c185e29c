import { SERVER_NAME, assertNoCaseTwin, assertNoSeparator, holdsSeparator, separatorError } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { refuseOverTotal } from './server-total';

/**
 * What `servers add` refuses before writing, read from mcp.json's entries as written (one skipped as
 * invalid is in the file all the same, as the import counts it) and the names in force.
 */
export function refuseAdd(servers: Readonly<Record<string, unknown>>, inForce: readonly string[], name: string): void {
  if (!SERVER_NAME.test(name)) {
    throw new CodedError('invalid_input', `"${name.slice(0, 60)}" is not a valid server name.`, {
      hint: 'Use 1-48 letters, digits, "_" or "-", starting with a letter or digit.',
    });
  }
  const names = [...Object.keys(servers), ...inForce];
  if (holdsSeparator(name)) throw separatorError(name, names);
  if (Object.hasOwn(servers, name)) {
    throw new CodedError('invalid_input', `A server named "${name}" already exists.`, { hint: 'Choose another name, or remove the existing server first.' });
  }
  assertNoCaseTwin(names, name);
  assertNoSeparator(name, names);
  refuseOverTotal(Object.keys(servers).length, 1, 'add');
}
