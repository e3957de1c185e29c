import type { RegistryRow } from '../api';

/**
 * Search over the registries' entries, built once per snapshot so a keystroke only scans strings:
 * 35,000 entries take a few milliseconds (test/bench, "registry search"), and a query that extends
 * the last one scans only what that one matched. Every word of the query
 * must appear in the name, title, description or a package identifier; entries whose name or title
 * holds every word come first, then the rest, each in the registries' order.
 */
export interface RegistryIndex {
  rows: readonly RegistryRow[];
  /** Lowercased name and title, per row. */
  heads: string[];
  /** Lowercased name, title, description and package identifiers, per row. */
  texts: string[];
}

export interface RegistryMatches {
  /** The first `limit` matches, best first. */
  rows: RegistryRow[];
  /** How many entries match in all. */
  total: number;
}

export function indexRegistryRows(rows: readonly RegistryRow[]): RegistryIndex {
  const heads: string[] = [];
  const texts: string[] = [];
  for (const row of rows) {
    const head = `${row.name} ${row.title ?? ''}`.toLowerCase();
    heads.push(head);
    texts.push(`${head} ${row.description} ${row.packages.map((p) => p.identifier).join(' ')}`.toLowerCase());
  }
  return { rows, heads, texts };
}

/** Queries remembered per index: typing narrows from the last one it extends; Backspace finds its earlier answer. */
const REMEMBERED = 16;

/** Which rows hold every word: those whose name or title holds them all, then the rest, each in the registries' order. */
interface Found {
  strong: Uint32Array;
  rest: Uint32Array;
}

const remembered = new WeakMap<RegistryIndex, Map<string, Found>>();

function matching(index: RegistryIndex, key: string, words: readonly string[]): Found {
  let memo = remembered.get(index);
  if (!memo) remembered.set(index, (memo = new Map<string, Found>()));
  const known = memo.get(key);
  if (known) return known;
  // A query that extends an earlier one (its words and more, or its last word longer) matches a
  // subset of it, and a strong match of it was a strong match of the earlier one.
  let from: Found | undefined;
  for (const [earlier, found] of memo) {
    if (key.startsWith(earlier) && (!from || found.strong.length + found.rest.length < from.strong.length + from.rest.length)) from = found;
  }
  const { texts, heads } = index;
  const strong: number[] = [];
  const rest: number[] = [];
  const holds = (text: string): boolean => {
    for (const word of words) if (!text.includes(word)) return false;
    return true;
  };
  const consider = (i: number, wasStrong: boolean): void => {
    if (!holds(texts[i] as string)) return;
    if (wasStrong && holds(heads[i] as string)) strong.push(i);
    else rest.push(i);
  };
  if (from) {
    // Both lists ascend: walked together, so what a longer word moves from strong to the rest keeps its place.
    const { strong: s, rest: r } = from;
    let a = 0;
    let b = 0;
    while (a < s.length || b < r.length) {
      if (b >= r.length || (a < s.length && (s[a] as number) < (r[b] as number))) consider(s[a++] as number, true);
      else consider(r[b++] as number, false);
    }
  } else {
    for (let i = 0; i < texts.length; i += 1) consider(i, true);
  }
  const result = { strong: Uint32Array.from(strong), rest: Uint32Array.from(rest) };
  if (memo.size >= REMEMBERED) memo.delete(memo.keys().next().value as string);
  memo.set(key, result);
  return result;
}

export function searchRegistry(index: RegistryIndex, query: string, limit: number): RegistryMatches {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { rows: index.rows.slice(0, limit), total: index.rows.length };
  const { strong, rest } = matching(index, words.join(' '), words);
  const picked = [...strong.subarray(0, limit), ...rest.subarray(0, Math.max(0, limit - strong.length))];
  return { rows: picked.map((i) => index.rows[i] as RegistryRow), total: strong.length + rest.length };
}
