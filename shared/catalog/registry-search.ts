import type { RegistryRow } from '../api';

/**
 * Search over the registries' entries, built once per snapshot so a keystroke only scans strings:
 * 35,000 entries take a few milliseconds (test/bench, "registry search"). Every word of the query
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

export function searchRegistry(index: RegistryIndex, query: string, limit: number): RegistryMatches {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { rows: index.rows.slice(0, limit), total: index.rows.length };
  const strong: number[] = [];
  const weak: number[] = [];
  const { heads, texts } = index;
  for (let i = 0; i < texts.length; i += 1) {
    const text = texts[i] as string;
    if (!words.every((word) => text.includes(word))) continue;
    const head = heads[i] as string;
    if (words.every((word) => head.includes(word))) strong.push(i);
    else weak.push(i);
  }
  const picked: RegistryRow[] = [];
  for (const i of strong.length >= limit ? strong.slice(0, limit) : [...strong, ...weak.slice(0, limit - strong.length)]) {
    picked.push(index.rows[i] as RegistryRow);
  }
  return { rows: picked, total: strong.length + weak.length };
}
