import { CodedError } from '../errors';

/**
 * Bridge names are `<server>__<tool>`. A server named `a__x` (or `a_`, whose prefix is `a___`) makes
 * names in server `a`'s namespace (`a__x__y` is also `a`'s tool `x__y`), so a new server's name holds
 * no `__` and does not end in `_`; the configs that hold one already keep working (the bridge gives
 * each name to one server, docs/bridge.md).
 */
export function holdsSeparator(name: string): boolean {
  return name.includes('__') || name.endsWith('_');
}

/** Whether `inner`'s bridge names (`<inner>__…`) fall in `outer`'s namespace: `a__x` and `a_` are in `a`'s. */
export function nestsIn(inner: string, outer: string): boolean {
  return inner !== outer && `${inner}__`.startsWith(`${outer}__`);
}

/** A name that reads as the one given, without `__` and not ending in `_`: runs of `_` become `-`. */
export function withoutSeparator(name: string): string {
  return name.replace(/_{2,}/g, '-').replace(/[-_]+$/, '') || 'server';
}

function shown(name: string): string {
  return name.length > 60 ? `${name.slice(0, 60)}…` : name;
}

/** The error for a new server name that holds `__` or ends in `_`. */
export function separatorError(name: string): CodedError {
  return new CodedError(
    'invalid_input',
    `"${shown(name)}" cannot be a new server's name: it holds "__" or ends in "_", and "__" separates a server's name from its tools' names on the bridge.`,
    {
      hint: `Use a name without "__" that does not end in "_", for example "${withoutSeparator(name)}".`,
      data: { server: name, suggestion: withoutSeparator(name) },
    },
  );
}

/** The error for a new server whose tools' names would fall in an existing server's namespace, or the reverse. */
export function nestedError(name: string, existing: string): CodedError {
  return new CodedError('invalid_input', `"${shown(name)}" cannot be a new server's name: the bridge names of "${shown(existing)}" ("${shown(existing)}__…") would read as its tools' names.`, {
    hint: `Choose another name, or rename "${shown(existing)}" to one without "__" first (for example "${withoutSeparator(existing)}").`,
    data: { server: name, existing },
  });
}

/**
 * Throws when a new server's `name` holds `__` or ends in `_`, or when a configured server's names
 * fall in its namespace (`a` while `a__x` exists): the new server would take names the other has.
 */
export function assertNoSeparator(name: string, configured: Iterable<string> = []): void {
  if (holdsSeparator(name)) throw separatorError(name);
  for (const existing of configured) if (nestsIn(existing, name)) throw nestedError(name, existing);
}
