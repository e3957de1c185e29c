import type { QueryTerm, SearchIndex } from './search-index';
import { MAX_TEXT, terms } from './tokens';

/**
 * A service the need names however it writes the name: "git hub", "GitHub" and "github" all name the
 * server `github`; "pagerduty" names a server called `PagerDuty` or `pager-duty`. The forms come from
 * the index's own server names (no list of services): a server's name with only its letters and
 * digits, lowercased, is its key, and a run of the need's adjacent words whose letters join to that key
 * names it. Measured in docs/tool-search.md ("Service names joined").
 */
export interface ServiceNameSettings {
  /** The named server's own name terms lent to the second pass at this weight (0: naming only). */
  weight: number;
}

/** A key shorter than this is not joined to: two or three letters meet by chance ("a i", "ci"). */
const MIN_KEY = 5;
/** At most this many words join: the longest server names of the set are two or three words. */
const MAX_PARTS = 3;
/** A need past this many words is read no further for names (bounds the work an agent's text costs). */
const MAX_WORDS = 64;

/** A name with only its letters and digits, lowercased: "brave-search" → bravesearch, "PagerDuty" → pagerduty. */
export function nameKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const keyIndexes = new WeakMap<SearchIndex, ReadonlyMap<string, readonly string[]>>();

/** Per index: each server name's key and the servers that have it. */
function serverKeys(index: SearchIndex): ReadonlyMap<string, readonly string[]> {
  let known = keyIndexes.get(index);
  if (known !== undefined) return known;
  const keys = new Map<string, string[]>();
  for (const server of new Set(index.docs.map((d) => d.server))) {
    const key = nameKey(server);
    if (key.length < MIN_KEY) continue;
    const list = keys.get(key) ?? [];
    list.push(server);
    keys.set(key, list);
  }
  keyIndexes.set(index, (known = keys));
  return known;
}

/**
 * The need's words in groups that may join: within a group each word follows the last with nothing
 * between (a camelCase boundary: "GitHub") or one space, hyphen or underscore ("git hub", "Circle-CI").
 * Anything else (punctuation, two spaces, a line break) starts a new group, so words the need keeps
 * apart ("git, hub") never join.
 */
export function joinableGroups(need: string): string[][] {
  // A camelCase boundary is marked with a word joiner (U+2060), which joins as nothing between does.
  const spaced = need.slice(0, MAX_TEXT).replace(/([a-z0-9])([A-Z])/g, '$1\u2060$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1\u2060$2');
  const groups: string[][] = [];
  let group: string[] = [];
  let count = 0;
  for (const match of spaced.matchAll(/([A-Za-z0-9]+)|([^A-Za-z0-9]+)/g)) {
    const [, word, between] = match;
    if (word !== undefined) {
      if (++count > MAX_WORDS) break;
      group.push(word.toLowerCase());
    } else if (between !== undefined && !/^(?:\u2060|[ _-])$/.test(between)) {
      if (group.length > 0) groups.push(group);
      group = [];
    }
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/**
 * The servers the need names by their whole name written apart or joined: a run of 1 to MAX_PARTS
 * adjacent words (joinableGroups) whose letters are exactly a server name's key. A word is never cut:
 * "digit hub" does not name `github`.
 */
export function servicesNamed(index: SearchIndex, need: string): Set<string> {
  const keys = serverKeys(index);
  const named = new Set<string>();
  if (keys.size === 0) return named;
  for (const group of joinableGroups(need)) {
    for (let i = 0; i < group.length; i++) {
      let joined = '';
      for (let n = 0; n < MAX_PARTS && i + n < group.length; n++) {
        joined += group[i + n] ?? '';
        for (const server of keys.get(joined) ?? []) named.add(server);
      }
    }
  }
  return named;
}

/** The named servers' own name terms, for the second pass: none the need already asks. */
export function serviceNameTerms(named: ReadonlySet<string>, query: readonly QueryTerm[], settings: ServiceNameSettings): QueryTerm[] {
  if (settings.weight <= 0) return [];
  const asked = new Set(query.flatMap((q) => q.alternatives.map(([t]) => t)));
  const out = new Set<string>();
  for (const server of named) for (const term of terms(server)) if (!asked.has(term)) out.add(term);
  return [...out].map((term) => ({ term, alternatives: [[term, settings.weight] as const] }));
}
