import { mixedScripts, skeleton } from '../../shared/text';

/** What may make an entry pass for another: scripts mixed in a word of its id or title, titles that read as its own. */
export interface LookAlikeNote {
  mixedScripts?: string[];
  /** Other entries' ids whose title reads the same (at most MAX_READS_AS). */
  readsAs?: string[];
}

const MAX_READS_AS = 3;

/**
 * The entries that may pass for another, by id: `Gіthub` (a Cyrillic і) mixes scripts (UTS #39 §5.1),
 * and its skeleton (§4) is that of `GitHub`, another entry's title. Versions and registries of one id
 * are one entry.
 */
export function lookAlikeNotes(entries: ReadonlyArray<{ name: string; title?: string | undefined }>): Map<string, LookAlikeNote> {
  const groups = new Map<string, string[]>();
  const skeletons = new Map<string, string>();
  for (const { name, title } of entries) {
    if (title === undefined || skeletons.has(name)) continue;
    const shape = skeleton(title);
    if (shape === '') continue;
    skeletons.set(name, shape);
    const group = groups.get(shape);
    if (group) group.push(name);
    else groups.set(shape, [name]);
  }
  const notes = new Map<string, LookAlikeNote>();
  const seen = new Set<string>();
  for (const { name, title } of entries) {
    if (seen.has(name)) continue;
    seen.add(name);
    const scripts = mixedScripts(`${name} ${title ?? ''}`);
    const shape = skeletons.get(name);
    const group = shape === undefined ? undefined : groups.get(shape);
    const others = group !== undefined && group.length > 1 ? group.filter((other) => other !== name).sort().slice(0, MAX_READS_AS) : [];
    if (scripts === undefined && others.length === 0) continue;
    notes.set(name, { ...(scripts ? { mixedScripts: scripts } : {}), ...(others.length > 0 ? { readsAs: others } : {}) });
  }
  return notes;
}
