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
const remembered = new WeakMap<RegistryIndex, Map<string, Uint32Array>>();

/** Which rows hold every word, in the registries' order. */
function matching(index: RegistryIndex, key: string, words: readonly string[]): Uint32Array {
  let memo = remembered.get(index);
  if (!memo) remembered.set(index, (memo = new Map<string, Uint32Array>()));
  const known = memo.get(key);
  if (known) return known;
  // A query that extends an earlier one (its words and more, or its last word longer) matches a subset of it.
  let from: Uint32Array | undefined;
  for (const [earlier, rows] of memo) {
    if (key.startsWith(earlier) && (!from || rows.length < from.length)) from = rows;
  }
  const { texts } = index;
  const found: number[] = [];
  const consider = (i: number): void => {
    const text = texts[i] as string;
    for (const word of words) if (!text.includes(word)) return;
    found.push(i);
  };
  if (from) for (const i of from) consider(i);
  else for (let i = 0; i < texts.length; i += 1) consider(i);
  const result = Uint32Array.from(found);
  if (memo.size >= REMEMBERED) memo.delete(memo.keys().next().value as string);
  memo.set(key, result);
  return result;
}

export function searchRegistry(index: RegistryIndex, query: string, limit: number): RegistryMatches {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { rows: index.rows.slice(0, limit), total: index.rows.length };
  const found = matching(index, words.join(' '), words);
  // Name or title holding every word first: only as many as are shown are looked for.
  const strong: number[] = [];
  const { heads } = index;
  for (const i of found) {
    const head = heads[i] as string;
    if (words.every((word) => head.includes(word))) {
      strong.push(i);
      if (strong.length >= limit) break;
    }
  }
  const picked = [...strong];
  if (picked.length < limit) {
    const isStrong = new Set(strong);
    for (const i of found) {
      if (picked.length >= limit) break;
      if (!isStrong.has(i)) picked.push(i);
    }
  }
  return { rows: picked.map((i) => index.rows[i] as RegistryRow), total: found.length };
}
