import { mixedScripts, skeleton } from '../../shared/text';

/** What may make an entry pass for another: scripts mixed in a word of its id or title, titles that read as its own. */
export interface LookAlikeNote {
  mixedScripts?: string[];
  /** Other entries' ids whose title reads the same (at most MAX_READS_AS). */
  readsAs?: string[];
}

const MAX_READS_AS = 3;

/**
 * The note of each of `entries` (in their order; undefined for none): `Gіthub` (a Cyrillic і) mixes
 * scripts (UTS #39 §5.1), and its skeleton (§4) is that of `GitHub`, another entry's title. Each row is
 * judged by its own title: another registry or version may title the same id otherwise.
 */
export function lookAlikeNotes(entries: ReadonlyArray<{ name: string; title?: string | undefined }>): Array<LookAlikeNote | undefined> {
  const scripts = entries.map(({ name, title }) => mixedScripts(`${name} ${title ?? ''}`));
  const shapes = entries.map(({ title }) => (title === undefined ? '' : skeleton(title)));
  const groups = new Map<string, Set<string>>();
  const marked = new Set<string>();
  entries.forEach(({ name }, i) => {
    if (scripts[i] !== undefined) marked.add(name);
    const shape = shapes[i] ?? '';
    if (shape === '') return;
    const group = groups.get(shape);
    if (group) group.add(name);
    else groups.set(shape, new Set([name]));
  });
  // Ids of single-script titles first: a look-alike's decoys, named to sort first, do not hide what it imitates.
  const rank = (a: string, b: string): number => Number(marked.has(a)) - Number(marked.has(b)) || (a < b ? -1 : a > b ? 1 : 0);
  return entries.map(({ name }, i) => {
    const mixed = scripts[i];
    const group = groups.get(shapes[i] ?? '');
    const others = group !== undefined && group.size > 1 ? [...group].filter((other) => other !== name).sort(rank).slice(0, MAX_READS_AS) : [];
    if (mixed === undefined && others.length === 0) return undefined;
    return { ...(mixed ? { mixedScripts: mixed } : {}), ...(others.length > 0 ? { readsAs: others } : {}) };
  });
}
