import { mixedScripts, skeleton } from '../../shared/text';
import { ownerNamesTitle } from './namespace-owner';

/** What may make an entry pass for another: scripts mixed in a word of its id or title, titles that read as its own. */
export interface LookAlikeNote {
  mixedScripts?: string[];
  /** Other entries' ids whose title reads the same but is written otherwise (at most MAX_READS_AS). */
  readsAs?: string[];
  /** Other entries' ids with the very same title (case and spacing aside): other publishers, no disguise. */
  sameTitleAs?: string[];
}

const MAX_READS_AS = 3;

/** A title as a person reads it plainly: case and runs of spaces aside, nothing else folded. */
const plainTitle = (title: string): string => title.trim().replace(/\s+/gu, ' ').toLowerCase();

/** Entries keyed by `key`, each key to the set of its ids. */
function groupBy(entries: ReadonlyArray<{ name: string }>, keys: string[]): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>();
  entries.forEach(({ name }, i) => {
    const key = keys[i] ?? '';
    if (key === '') return;
    const group = groups.get(key);
    if (group) group.add(name);
    else groups.set(key, new Set([name]));
  });
  return groups;
}

/**
 * The note of each of `entries` (in their order; undefined for none): `Gіthub` (a Cyrillic і) mixes
 * scripts (UTS #39 §5.1), and its skeleton (§4) is that of `GitHub`, another entry's title, written
 * otherwise. Two entries titled `Notes` by two publishers imitate nothing: each names the other as
 * having the same title, apart from the look-alikes, so a row of such titles cannot fill the slots
 * that name an imitation. Each row is judged by its own title: another registry or version may title
 * the same id otherwise.
 */
export function lookAlikeNotes(entries: ReadonlyArray<{ name: string; title?: string | undefined }>): Array<LookAlikeNote | undefined> {
  const scripts = entries.map(({ name, title }) => mixedScripts(`${name} ${title ?? ''}`));
  // A title mixing scripts is no one's plain title: two of them stay look-alikes of each other.
  const plain = entries.map(({ title }) => (title === undefined || mixedScripts(title) !== undefined ? '' : plainTitle(title)));
  const shape = entries.map(({ title }) => (title === undefined ? '' : skeleton(title)));
  const shapes = groupBy(entries, shape);
  const titles = groupBy(entries, plain);
  const marked = new Set<string>();
  entries.forEach(({ name }, i) => {
    if (scripts[i] !== undefined) marked.add(name);
  });
  const byName = new Map<string, { owned: boolean; title: string }>();
  entries.forEach(({ name, title }) => {
    if (!byName.has(name)) byName.set(name, { owned: ownerNamesTitle(name, title), title: plainTitle(title ?? '') });
  });
  /**
   * The ids a row names, the likeliest real one first: single-script titles before mixed ones (a
   * look-alike's decoys, named to sort first, do not hide what it imitates), then an id whose owner
   * is the title (namespace-owner.ts), then a title not named yet, so three copies of one title
   * cannot fill the note; then by id.
   */
  const pick = (ids: Iterable<string>): string[] => {
    const left = [...ids].sort();
    const chosen: string[] = [];
    const named = new Set<string>();
    const tier = (id: string): number => {
      const about = byName.get(id);
      return Number(marked.has(id)) * 4 + Number(about?.owned !== true) * 2 + Number(named.has(about?.title ?? ''));
    };
    while (chosen.length < MAX_READS_AS && left.length > 0) {
      let best = 0;
      for (let j = 1; j < left.length; j++) if (tier(left[j] ?? '') < tier(left[best] ?? '')) best = j;
      const [id = ''] = left.splice(best, 1);
      chosen.push(id);
      named.add(byName.get(id)?.title ?? '');
    }
    return chosen;
  };
  /**
   * `pick` of a group without some of its ids. Leaving out ids the whole group's pick did not choose
   * changes nothing (each step still finds the same first best), so the group is picked once, and
   * again only for the few exclusions that take a chosen id, each once: a registry's thousands of
   * rows of one title cost a pass each, not one per row.
   */
  const picked = new Map<ReadonlySet<string>, { all: string[]; without: Map<string, string[]> }>();
  const pickWithout = (group: ReadonlySet<string>, key: string, left: (id: string) => boolean): string[] => {
    let cached = picked.get(group);
    if (cached === undefined) {
      cached = { all: pick(group), without: new Map() };
      picked.set(group, cached);
    }
    if (cached.all.every(left)) return cached.all;
    let chosen = cached.without.get(key);
    if (chosen === undefined) {
      chosen = pick([...group].filter(left));
      cached.without.set(key, chosen);
    }
    return chosen;
  };
  const none = new Set<string>();
  return entries.map(({ name }, i) => {
    const same = titles.get(plain[i] ?? '') ?? none;
    // Another id whose title is this one's plainly is said so, not taken for its imitation.
    const readsAs = pickWithout(shapes.get(shape[i] ?? '') ?? none, same === none ? `id ${name}` : `title ${plain[i] ?? ''}`, (other) => other !== name && !same.has(other));
    const sameTitleAs = pickWithout(same, `id ${name}`, (other) => other !== name);
    const mixed = scripts[i];
    if (mixed === undefined && readsAs.length === 0 && sameTitleAs.length === 0) return undefined;
    return { ...(mixed ? { mixedScripts: mixed } : {}), ...(readsAs.length > 0 ? { readsAs } : {}), ...(sameTitleAs.length > 0 ? { sameTitleAs } : {}) };
  });
}
