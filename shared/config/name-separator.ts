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

/**
 * `withoutSeparator(name)`, or the first of `-2`, `-3`, … after it that no configured server has,
 * ignoring case, and whose bridge names no configured server's fall in: a suggestion that would be
 * refused in turn, or takes another server's name, helps no one.
 */
export function freeName(name: string, taken: Iterable<string> = []): string {
  const names = [...taken];
  const base = withoutSeparator(name);
  const free = (candidate: string): boolean => !names.some((n) => n.toLowerCase() === candidate.toLowerCase() || nestsIn(n, candidate));
  if (free(base)) return base;
  for (let n = 2; n < 1000; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, 48 - suffix.length).replace(/[-_]+$/, '')}${suffix}`;
    if (free(candidate)) return candidate;
  }
  return base;
}

function shown(name: string): string {
  return name.length > 60 ? `${name.slice(0, 60)}…` : name;
}

/** The error for a new server name that holds `__` or ends in `_`, suggesting a name none of `taken` has. */
export function separatorError(name: string, taken: Iterable<string> = []): CodedError {
  const suggestion = freeName(name, taken);
  return new CodedError(
    'invalid_input',
    `"${shown(name)}" cannot be a new server's name: it holds "__" or ends in "_", and "__" separates a server's name from its tools' names on the bridge.`,
    {
      hint: `Use a name without "__" that does not end in "_", for example "${suggestion}".`,
      data: { server: name, suggestion },
    },
  );
}

/**
 * The error for a new server whose tools' names would fall in an existing server's namespace, or the
 * reverse; both suggestions are free among `configured` (renaming `team_` to `team` would clash again).
 */
export function nestedError(name: string, existing: string, configured: Iterable<string> = []): CodedError {
  const names = [...configured];
  const suggestion = freeName(name, names);
  const rename = freeName(existing, [...names.filter((other) => other !== existing), name]);
  return new CodedError('invalid_input', `"${shown(name)}" cannot be a new server's name: the bridge names of "${shown(existing)}" ("${shown(existing)}__…") would read as its tools' names.`, {
    hint: `Choose another name (for example "${suggestion}"), or rename "${shown(existing)}" to one without "__" first (for example "${rename}").`,
    data: { server: name, existing, suggestion },
  });
}

/**
 * Throws when a new server's `name` holds `__` or ends in `_`, or when a configured server's names
 * fall in its namespace (`a` while `a__x` exists): the new server would take names the other has.
 */
export function assertNoSeparator(name: string, configured: Iterable<string> = []): void {
  const names = [...configured];
  if (holdsSeparator(name)) throw separatorError(name, names);
  for (const existing of names) if (nestsIn(existing, name)) throw nestedError(name, existing, names);
}
