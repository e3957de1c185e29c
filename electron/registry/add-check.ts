import { SERVER_NAME, assertNoCaseTwin, assertNoSeparator, holdsSeparator, separatorError } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { refuseOverTotal } from './server-total';

/**
 * What `servers add` refuses before writing, read from mcp.json's entries as written (one skipped as
 * invalid is in the file all the same, as the import counts it) and the names in force; `isDemo` says
 * whether a taken name is held by a demo server as shipped.
 */
export function refuseAdd(servers: Readonly<Record<string, unknown>>, inForce: readonly string[], name: string, isDemo: (name: string) => boolean = () => false): void {
  if (!SERVER_NAME.test(name)) {
    throw new CodedError('invalid_input', `"${name.slice(0, 60)}" is not a valid server name.`, {
      hint: 'Use 1-48 letters, digits, "_" or "-", starting with a letter or digit.',
    });
  }
  const names = [...Object.keys(servers), ...inForce];
  if (holdsSeparator(name)) throw separatorError(name, names);
  if (Object.hasOwn(servers, name)) {
    // A first command seeds the demo servers, so `servers add everything …` can meet one it never saw.
    const hint = isDemo(name)
      ? `"${name}" is a demo server, added on the first run. Choose another name, or remove the demo first (servers remove ${name}).`
      : 'Choose another name, or remove the existing server first.';
    throw new CodedError('invalid_input', `A server named "${name}" already exists.`, { hint });
  }
  assertNoCaseTwin(names, name);
  assertNoSeparator(name, names);
  refuseOverTotal(Object.keys(servers).length, 1, 'add');
}
