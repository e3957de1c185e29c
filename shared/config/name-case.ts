import { CodedError } from '../errors';

/**
 * The configured name that `name` equals ignoring case, other than itself. Files are named after a
 * server (`pins/NAME.json`, `cache/inventory/NAME.json`, `app-permissions/`, `auth-locks/`, runtime
 * files), and on macOS and Windows `memory` and `MEMORY` would be one file: one server's pins read
 * as the other's.
 */
export function caseTwin(names: Iterable<string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const existing of names) if (existing !== name && existing.toLowerCase() === lower) return existing;
  return undefined;
}

/** Names configured together that differ only in case, each pair once (doctor warns of them). */
export function caseTwins(names: Iterable<string>): Array<[string, string]> {
  const first = new Map<string, string>();
  const pairs: Array<[string, string]> = [];
  for (const name of names) {
    const seen = first.get(name.toLowerCase());
    if (seen === undefined) first.set(name.toLowerCase(), name);
    else pairs.push([seen, name]);
  }
  return pairs;
}

/** The error for a new name that differs only in case from `existing`. */
export function caseTwinError(name: string, existing: string): CodedError {
  return new CodedError('invalid_input', `A server named "${existing}" already exists; "${name}" differs from it only in case.`, {
    hint: `Choose a name that differs in more than case: files are named after each server, and on macOS and Windows "${name}" and "${existing}" would share them.`,
    data: { server: name, existing },
  });
}

/** Throws caseTwinError when `name` is a case twin of one of `names`. */
export function assertNoCaseTwin(names: Iterable<string>, name: string): void {
  const twin = caseTwin(names, name);
  if (twin !== undefined) throw caseTwinError(name, twin);
}
