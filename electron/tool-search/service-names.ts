import type { QueryTerm, SearchIndex } from './search-index';
import { MAX_TEXT, stem, terms } from './tokens';

/**
 * A service the need names, by its whole name however it writes it: "git hub", "GitHub" and "github" all
 * name the server `github`; "pagerduty" names a server called `PagerDuty` or `pager-duty`; "Sentry" names
 * `sentry` though the stemmer makes it `sentri`. A server's key is its name's letters and digits,
 * lowercased; a word of the need, or a run of its adjacent words joined, names the server when it is that
 * key (one word: its letters, or its stem the key's stem); with `parts`, also a word that is one of the
 * words of a name written in parts. Never a part of a word: "search" does not name `elasticsearch`, nor
 * "map" `mapbox`. The keys are the index's own server names (no list of services).
 * Measured in docs/tool-search.md ("Service names joined", "Names a service: whole names only").
 */
export interface ServiceNameSettings {
  /** The named server's own name terms lent to the second pass at this weight (0: naming only). */
  weight: number;
  /** A word of a name written in parts names that server too: "jira" names `jira-cloud` (never a part of a word: not `mapbox` for "map"). */
  parts?: boolean;
  /**
   * A word that is a word of the tools of at least this many servers besides the one it names (`memory`,
   * `time`, `fetch`, `search`) is read as an ordinary word and names nothing; absent: any server's name names it.
   */
  ordinary?: number;
  /**
   * With `parts`: a word of the names in parts of at least this many servers (`google`, `mcp`) names none of
   * them by itself, nor does a word of COMMON_PARTS; the name written whole ("brave search") still names it.
   */
  sharedPart?: number;
  /** With `parts`: a word of COMMON_PARTS, as one word of a name in parts, names nothing by itself. */
  commonParts?: boolean;
}

/**
 * Common words that say what kind of service a name in parts is, not which one ("search the web" does not
 * name `brave-search`, "think it through" not `sequential-thinking`, "show it on a map" not `google-maps`):
 * what a service does, where it runs, what it is. Written from the language, not from the labelled set;
 * compared by stem, so "maps" and "commander" count as "map" and "command".
 */
export const COMMON_PARTS: ReadonlySet<string> = new Set(
  'search think map cloud command desktop server mcp api web app data file code doc tool browser local remote ai'.split(' ').map(stem),
);

/** A joined key shorter than this is not joined to: two or three letters meet by chance ("a i", "ci"). */
const MIN_JOINED = 5;
/** At most this many words join: the longest server names of the set are two or three words. */
const MAX_PARTS = 3;
/** A need past this many words is read no further for names (bounds the work an agent's text costs). */
const MAX_WORDS = 64;

/** A name with only its letters and digits, lowercased: "brave-search" → bravesearch, "PagerDuty" → pagerduty. */
export function nameKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

interface Keys {
  /** Each key and the servers that have it. */
  byKey: ReadonlyMap<string, readonly string[]>;
  /** Each key's stem and the servers it is the key of (one word named in another form: "memories"). */
  byStem: ReadonlyMap<string, readonly string[]>;
  /** Each word (stemmed) of a name written in parts and the servers whose name has it. */
  byPart: ReadonlyMap<string, readonly string[]>;
  /** For each of those stems, the servers whose tools have it as a word: how ordinary it is. */
  usedBy: ReadonlyMap<string, ReadonlySet<string>>;
}

const keyIndexes = new WeakMap<SearchIndex, Keys>();

const add = (map: Map<string, string[]>, key: string, server: string): void => {
  const list = map.get(key) ?? [];
  list.push(server);
  map.set(key, list);
};

/** Per index: the servers by key, by the key's stem and by a word of their name, and who uses those words. */
function serverKeys(index: SearchIndex): Keys {
  let known = keyIndexes.get(index);
  if (known !== undefined) return known;
  const [byKey, byStem, byPart] = [new Map<string, string[]>(), new Map<string, string[]>(), new Map<string, string[]>()];
  for (const server of new Set(index.docs.map((d) => d.server))) {
    const key = nameKey(server);
    if (key === '') continue;
    add(byKey, key, server);
    add(byStem, stem(key), server);
    const parts = new Set(terms(server));
    if (parts.size > 1) for (const part of parts) add(byPart, part, server);
  }
  const usedBy = new Map<string, Set<string>>();
  for (const word of [...byStem.keys(), ...byPart.keys()]) usedBy.set(word, new Set(index.docsWith(word).map((doc) => index.docs[doc]?.server ?? '')));
  keyIndexes.set(index, (known = { byKey, byStem, byPart, usedBy }));
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
 * The servers the need names by their whole name written apart or joined: one word whose letters are a
 * server's key, or whose stem is the key's stem; or a run of 2 to MAX_PARTS adjacent words
 * (joinableGroups) whose letters are exactly a key of at least MIN_JOINED letters. A word is never cut,
 * nor a word of a name: "digit hub" does not name `github`, "search" does not name `elasticsearch`. `parts`,
 * `ordinary`, `sharedPart` and `commonParts`: ServiceNameSettings.
 */
export function servicesNamed(index: SearchIndex, need: string, settings: Omit<ServiceNameSettings, 'weight'> = {}): Set<string> {
  const { byKey, byStem, byPart, usedBy } = serverKeys(index);
  const named = new Set<string>();
  if (byKey.size === 0) return named;
  const { parts = false, ordinary = Infinity, sharedPart = Infinity, commonParts = false } = settings;
  // A part shared by many servers' names, or a common word, says what kind of service, not which one.
  const plainPart = (word: string): boolean => (byPart.get(word)?.length ?? 0) >= sharedPart || (commonParts && COMMON_PARTS.has(word));
  // One word names a server unless the tools of `ordinary` other servers use it as a word.
  const name = (word: string, servers: readonly string[] | undefined): void => {
    for (const server of servers ?? []) {
      const users = usedBy.get(word);
      if ((users?.size ?? 0) - (users?.has(server) === true ? 1 : 0) < ordinary) named.add(server);
    }
  };
  for (const group of joinableGroups(need)) {
    for (let i = 0; i < group.length; i++) {
      const word = group[i] ?? '';
      const wordStem = stem(word);
      name(wordStem, byStem.get(wordStem));
      if (parts && !plainPart(wordStem)) name(wordStem, byPart.get(wordStem));
      let joined = word;
      for (let n = 1; n < MAX_PARTS && i + n < group.length; n++) {
        joined += group[i + n] ?? '';
        if (joined.length >= MIN_JOINED) for (const server of byKey.get(joined) ?? []) named.add(server);
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
