import type { QueryTerm, SearchIndex } from './search-index';
import { stem, words } from './tokens';

/**
 * A need's words matched below the word, against the index's own vocabulary (no outside data): the
 * forms a stemmer does not join. Each adds index terms to the second pass at a weight below the need's
 * own words'; "nothing fits" is still judged on the first pass. Measured in docs/tool-search.md
 * ("Subwords: compounds, prefixes and character n-grams").
 */
export interface SubwordSettings {
  /** Two adjacent words of the need whose join is an index term ("screen shot" → screenshot, "Mongo DB" → mongodb), at this weight. */
  join?: number;
  /** A word of the need no tool has, split in two index terms of at least 3 letters ("pullrequest" → pull, request), at this weight. */
  split?: number;
  /**
   * Index terms the need's word is a prefix of, or that are a prefix of it, the shorter at least `min`
   * letters ("repo" ↔ repositori, "env" → environ): the `terms` found in the most tools, at `weight`.
   */
  prefix?: { weight: number; min: number; terms: number };
  /**
   * Character n-grams (McNamee & Mayfield 2004; fastText's subwords, Bojanowski et al. 2017): index terms
   * whose 3-grams (with the word's ends marked) overlap the need's word's by Dice ≥ `min`, the `terms`
   * closest, at `weight` × Dice.
   */
  grams?: { weight: number; min: number; terms: number };
}

/** Per index: each 3-gram's terms, and each term's 3-gram count (for Dice). */
interface GramIndex {
  terms: Map<string, string[]>;
  sizes: Map<string, number>;
}

const gramIndexes = new WeakMap<SearchIndex, GramIndex>();
/** A word past this many letters is not split or matched by n-grams: bounds the work a long word costs. */
const MAX_WORD = 24;

function grams(word: string): Set<string> {
  const marked = `<${word.slice(0, MAX_WORD)}>`;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= marked.length; i++) out.add(marked.slice(i, i + 3));
  return out;
}

function gramIndex(index: SearchIndex): GramIndex {
  let known = gramIndexes.get(index);
  if (known !== undefined) return known;
  known = { terms: new Map(), sizes: new Map() };
  for (const term of index.vocabulary()) {
    if (/^[0-9]+$/.test(term)) continue;
    const own = grams(term);
    known.sizes.set(term, own.size);
    for (const g of own) {
      const list = known.terms.get(g) ?? [];
      list.push(term);
      known.terms.set(g, list);
    }
  }
  gramIndexes.set(index, known);
  return known;
}

/** Index terms whose 3-grams overlap `term`'s by Dice ≥ min, closest first. */
function closeByGrams(index: SearchIndex, term: string, min: number): Array<[string, number]> {
  const g = gramIndex(index);
  const own = grams(term);
  const shared = new Map<string, number>();
  for (const gram of own) for (const other of g.terms.get(gram) ?? []) shared.set(other, (shared.get(other) ?? 0) + 1);
  const out: Array<[string, number]> = [];
  for (const [other, n] of shared) {
    const dice = (2 * n) / (own.size + (g.sizes.get(other) ?? 0));
    if (dice >= min && other !== term) out.push([other, dice]);
  }
  return out.sort((a, b) => b[1] - a[1]);
}

/** Index terms that begin with `term`, or that `term` begins with, the shorter at least `min` letters. */
function byPrefix(index: SearchIndex, term: string, min: number): string[] {
  if (term.length < min) return [];
  const out: string[] = [];
  for (const other of index.vocabulary()) {
    if (other === term || /^[0-9]+$/.test(other)) continue;
    if ((other.length > term.length && other.startsWith(term)) || (other.length >= min && other.length < term.length && term.startsWith(other))) out.push(other);
  }
  return out.sort((a, b) => index.docsWith(b).length - index.docsWith(a).length);
}

/** The split of a word into two index terms of at least 3 letters, the most even one; none when the word is a term. */
function split(index: SearchIndex, word: string): [string, string] | undefined {
  if (word.length < 6 || word.length > MAX_WORD || index.hasTerm(stem(word))) return undefined;
  let found: [string, string] | undefined;
  let evenness = 0;
  for (let i = 3; i <= word.length - 3; i++) {
    const [left, right] = [stem(word.slice(0, i)), stem(word.slice(i))];
    const even = Math.min(i, word.length - i);
    if (even > evenness && index.hasTerm(left) && index.hasTerm(right)) [found, evenness] = [[left, right], even];
  }
  return found;
}

/** What the need's words reach below the word. */
export interface Subwords {
  /** The index terms, at their weights; none the need already asks. */
  terms: QueryTerm[];
  /** The joined compounds among them (a service named in two words, "Mongo DB", names it). */
  joined: string[];
}

export function subwordTerms(index: SearchIndex, need: string, query: readonly QueryTerm[], settings: SubwordSettings): Subwords {
  const asked = new Set(query.flatMap((q) => q.alternatives.map(([t]) => t)));
  const weights = new Map<string, number>();
  const lend = (term: string, weight: number): void => {
    if (!asked.has(term) && weight > (weights.get(term) ?? 0)) weights.set(term, weight);
  };
  const raw = words(need).filter((w) => !/^[0-9]+$/.test(w)).slice(0, 32);
  const joined: string[] = [];
  if (settings.join !== undefined) {
    for (let i = 0; i + 1 < raw.length; i++) {
      const term = stem(`${raw[i] ?? ''}${raw[i + 1] ?? ''}`);
      if (index.hasTerm(term)) {
        joined.push(term);
        lend(term, settings.join);
      }
    }
  }
  for (const word of raw) {
    const parts = settings.split === undefined ? undefined : split(index, word);
    if (parts !== undefined && settings.split !== undefined) for (const part of parts) lend(part, settings.split);
  }
  const p = settings.prefix;
  const g = settings.grams;
  for (const q of query) {
    if (p !== undefined) for (const term of byPrefix(index, q.term, p.min).slice(0, p.terms)) lend(term, p.weight);
    if (g !== undefined) for (const [term, dice] of closeByGrams(index, q.term, g.min).slice(0, g.terms)) lend(term, g.weight * dice);
  }
  return { terms: [...weights].map(([term, w]) => ({ term, alternatives: [[term, w] as const] })), joined };
}
