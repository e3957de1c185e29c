import type { RegistryRow } from '../api';

/**
 * Search over the registries' entries. The index is built once per snapshot, off the keystroke
 * path: every row's lowercased text in one string. A keystroke then finds its longest word with
 * `indexOf` over that string (the engine's native search, jumping from hit to hit, a row at a time)
 * instead of visiting 35,000 strings, and a query that extends a remembered one that matched few
 * rows checks only those. Every word of the query must appear in the name, title, description or a
 * package identifier; entries whose name or title holds every word come first, then the rest, each
 * in the registries' order.
 */
export interface RegistryIndex {
  rows: readonly RegistryRow[];
  /** Each row's text (lowercased name and title, then description and package identifiers), `\n` after each. */
  haystack: string;
  /** Where each row's text starts in `haystack`; one more entry, where the next would start. */
  starts: Uint32Array;
  /** How long each row's name-and-title part is, at the start of its text. */
  headLengths: Uint32Array;
}

export interface RegistryMatches {
  /** The first `limit` matches, best first. */
  rows: RegistryRow[];
  /** How many entries match in all. */
  total: number;
}

export function indexRegistryRows(rows: readonly RegistryRow[]): RegistryIndex {
  const starts = new Uint32Array(rows.length + 1);
  const headLengths = new Uint32Array(rows.length);
  const texts: string[] = [];
  let at = 0;
  rows.forEach((row, i) => {
    const head = `${row.name} ${row.title ?? ''}`.toLowerCase();
    // A line break cannot be inside a query word (words split on white space): no match spans two rows.
    const text = `${head} ${row.description} ${row.packages.map((p) => p.identifier).join(' ')}`.toLowerCase();
    starts[i] = at;
    headLengths[i] = head.length;
    texts.push(text);
    at += text.length + 1;
  });
  starts[rows.length] = at;
  // Ends with its own line break: joined, not appended, so the text is one flat string from the start.
  texts.push('');
  const index = { rows, haystack: texts.join('\n'), starts, headLengths };
  // One scan now, while the snapshot loads: the engine compiles the scan on its first long run, a
  // cost that would otherwise land on the person's first keystroke (the broadest, every row a hit).
  scanAll(index, ['e']);
  return index;
}

/** Queries remembered per index: typing narrows from the last one it extends; Backspace finds its earlier answer. */
const REMEMBERED = 16;

/** Which rows hold every word: those whose name or title holds them all, then the rest, each in the registries' order. */
interface Found {
  strong: Uint32Array;
  rest: Uint32Array;
}

const remembered = new WeakMap<RegistryIndex, Map<string, Found>>();

/**
 * Sorts rows, offered in ascending order, into strong matches and the rest. Each word's next place
 * in the text is remembered: a row before it lacks the word without a look, so each word is searched
 * over at most the whole text once per query, however many rows are offered.
 */
class Sorter {
  private readonly strong: Uint32Array;
  private readonly rest: Uint32Array;
  private strongCount = 0;
  private restCount = 0;
  /** Per word: its first place at or after the last place searched from; -1 when there is none. */
  private readonly next: Int32Array;

  constructor(
    private readonly index: RegistryIndex,
    /** Longest first: the rarest word usually, so a row that lacks one is left soonest. */
    private readonly words: readonly string[],
    most: number,
  ) {
    this.strong = new Uint32Array(most);
    this.rest = new Uint32Array(most);
    this.next = new Int32Array(words.length).fill(-2);
  }

  /** Keeps `row` if its text holds every word; a strong match if each word's first place in it is in its name or title. */
  offer(row: number, firstWordAt = -2): void {
    // The caller found the first word there (its first place in this row): no second search.
    if (firstWordAt >= 0) this.next[0] = firstWordAt;
    const { haystack, starts, headLengths } = this.index;
    const start = starts[row] as number;
    const end = (starts[row + 1] as number) - 1;
    const headEnd = start + (headLengths[row] as number);
    let strong = true;
    for (let j = 0; j < this.words.length; j += 1) {
      const word = this.words[j] as string;
      let at = this.next[j] as number;
      if (at === -1) return;
      if (at < start) {
        at = haystack.indexOf(word, start);
        this.next[j] = at;
      }
      if (at < 0 || at + word.length > end) return;
      if (at + word.length > headEnd) strong = false;
    }
    if (strong) this.strong[this.strongCount++] = row;
    else this.rest[this.restCount++] = row;
  }

  found(): Found {
    return { strong: this.strong.slice(0, this.strongCount), rest: this.rest.slice(0, this.restCount) };
  }
}

/** Longest first (see Sorter). */
const byLength = (words: readonly string[]): string[] => [...words].sort((a, b) => b.length - a.length);

/** Every row holding every word: the leading word's places in the whole text, found by `indexOf`, name the rows to check. */
function scanAll(index: RegistryIndex, words: readonly string[]): Found {
  const ordered = byLength(words);
  const leading = ordered[0] as string;
  const sorter = new Sorter(index, ordered, index.rows.length);
  const { haystack, starts } = index;
  let row = 0;
  let at = haystack.indexOf(leading);
  while (at >= 0) {
    while ((starts[row + 1] as number) <= at) row += 1;
    sorter.offer(row, at);
    // On from the next row: one hit per row is enough.
    at = haystack.indexOf(leading, starts[row + 1]);
  }
  return sorter.found();
}

/** The rows of an earlier answer that still hold every word; both lists ascend, walked together so each keeps its place. */
function narrow(index: RegistryIndex, words: readonly string[], from: Found): Found {
  const { strong: s, rest: r } = from;
  const sorter = new Sorter(index, byLength(words), s.length + r.length);
  let a = 0;
  let b = 0;
  while (a < s.length || b < r.length) {
    if (b >= r.length || (a < s.length && (s[a] as number) < (r[b] as number))) sorter.offer(s[a++] as number);
    else sorter.offer(r[b++] as number);
  }
  return sorter.found();
}

/** An earlier answer at most this share of the snapshot is checked row by row; a larger one is scanned anew (fewer rows to look at). */
const NARROW_SHARE = 8;

function matching(index: RegistryIndex, key: string, words: readonly string[]): Found {
  let memo = remembered.get(index);
  if (!memo) remembered.set(index, (memo = new Map<string, Found>()));
  const known = memo.get(key);
  if (known) return known;
  // A query that extends an earlier one (its words and more, or its last word longer) matches a
  // subset of it: only those rows need a look.
  let from: Found | undefined;
  for (const [earlier, found] of memo) {
    if (key.startsWith(earlier) && (!from || found.strong.length + found.rest.length < from.strong.length + from.rest.length)) from = found;
  }
  const small = from !== undefined && (from.strong.length + from.rest.length) * NARROW_SHARE <= index.rows.length;
  const result = from && small ? narrow(index, words, from) : scanAll(index, words);
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
