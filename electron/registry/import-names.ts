import { sanitizeServerName } from './sanitize-name';

const MAX_NAME = 48;

/** `base` with `-n`, cut so that the whole stays within a server name's 48 characters. */
function numbered(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${base.slice(0, MAX_NAME - suffix.length).replace(/[-_]+$/, '')}${suffix}`;
}

/**
 * Our names for an import's entries, in their order. An entry whose name is already one of ours keeps
 * it, before any renamed one is placed: `a__b` renamed to `a-b` never takes the name of the file's own
 * `a-b`. A renamed entry whose name is taken gets the first free `-2`, `-3`, …; undefined marks an
 * entry named exactly as an earlier one (its own name, kept by the earlier).
 */
export function importNames(originals: readonly string[]): Array<string | undefined> {
  const names: Array<string | undefined> = originals.map(() => undefined);
  const taken = new Set<string>();
  const renamed: number[] = [];
  originals.forEach((original, at) => {
    if (sanitizeServerName(original) !== original) renamed.push(at);
    else if (!taken.has(original)) {
      taken.add(original);
      names[at] = original;
    }
  });
  for (const at of renamed) {
    const base = sanitizeServerName(originals[at] ?? '');
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = numbered(base, n);
    taken.add(name);
    names[at] = name;
  }
  return names;
}
