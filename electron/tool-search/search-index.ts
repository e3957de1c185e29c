import { fieldTerms, FIELDS, type Field, type ToolDoc } from './tool-doc';
import { toolAction, type Action } from './actions';
import { PHRASES, SYNONYM_WEIGHT, synonymsOf } from './synonyms';
import { terms } from './tokens';

/**
 * BM25F (Robertson, Zaragoza & Taylor, "Simple BM25 extension to multiple weighted fields", 2004):
 * each field's term frequency is normalized by that field's length and weighted before the one
 * saturation, so a word in a tool's name counts more than the same word deep in its description.
 * Weights and b were chosen on the labelled set in test/fixtures/tool-search (docs/tool-search.md).
 */
export const WEIGHTS: Record<Field, number> = { name: 3, title: 2, description: 1, params: 0.4, server: 1.2, about: 1 };
const B: Record<Field, number> = { name: 0.3, title: 0.3, description: 0.75, params: 0.75, server: 0.3, about: 0.75 };
const K1 = 1.2;

interface Posting {
  doc: number;
  /** The weighted, length-normalized frequency (BM25F's tf̃), before saturation. */
  tf: number;
}

/** One word of a need and what it also looks for: itself at 1, its synonyms at SYNONYM_WEIGHT. */
export interface QueryTerm {
  term: string;
  alternatives: ReadonlyArray<readonly [string, number]>;
}

export interface Scored {
  doc: number;
  score: number;
  /** The share of the need's weight (idf) this tool matched: 0..1, what "nothing fits" is judged on. */
  coverage: number;
  /** The share of the tool's own name words the need names (synonyms count less). */
  nameCover: number;
}

export function queryTerms(need: string): QueryTerm[] {
  const seen = new Set<string>();
  const out: QueryTerm[] = [];
  const phrased = PHRASES.reduce((text, [pattern, words]) => text.replace(pattern, words), need);
  for (const term of terms(phrased)) {
    // A number is a value the need passes ("add 17 and 25", an issue's number), not a word of what it wants.
    if (seen.has(term) || /^[0-9]+$/.test(term)) continue;
    seen.add(term);
    out.push({ term, alternatives: [[term, 1], ...[...synonymsOf(term)].map((s) => [s, SYNONYM_WEIGHT] as const)] });
  }
  return out.slice(0, 32);
}

/** Past this many of one server's tools, a word's further tools there count only by their square root. */
const SERVER_SHARE = 16;
/**
 * How much one server's `count` tools holding a word weigh in its rarity: a server with many tools stuffed
 * with common words would otherwise make those words look common for every other server's tools too,
 * and their needs read as "nothing fits".
 */
function serverShare(count: number): number {
  return count <= SERVER_SHARE ? count : SERVER_SHARE + Math.sqrt(count - SERVER_SHARE);
}

export class SearchIndex {
  readonly docs: readonly ToolDoc[];
  readonly #postings = new Map<string, Posting[]>();
  readonly #names: ReadonlyArray<ReadonlySet<string>>;
  /** Each tool's terms with their weighted, length-normalized frequency: what expansion (expansion.ts) reads. */
  readonly #docTerms: Array<ReadonlyMap<string, number>> = [];
  /** Each tool's kind of action, as its name says (actions.ts). */
  readonly actions: ReadonlyArray<Action | undefined>;
  /** Each term's document frequency, each server's share bounded (serverShare). */
  readonly #df = new Map<string, number>();

  constructor(docs: readonly ToolDoc[]) {
    this.docs = docs;
    const fields = docs.map(fieldTerms);
    // A field's average length over the tools that have it: most tools have no title and most servers no
    // description, and averaging over all would make each one that has them look long.
    const average = Object.fromEntries(FIELDS.map((f) => [f, Math.max(1, fields.reduce((n, d) => n + d[f].length, 0) / Math.max(1, fields.filter((d) => d[f].length > 0).length))])) as Record<Field, number>;
    fields.forEach((byField, doc) => {
      const tf = new Map<string, number>();
      for (const field of FIELDS) {
        const norm = 1 - B[field] + (B[field] * byField[field].length) / average[field];
        for (const term of byField[field]) tf.set(term, (tf.get(term) ?? 0) + WEIGHTS[field] / norm);
      }
      this.#docTerms[doc] = tf;
      for (const [term, value] of tf) {
        const list = this.#postings.get(term) ?? [];
        list.push({ doc, tf: value });
        this.#postings.set(term, list);
      }
    });
    this.#names = fields.map((f) => new Set(f.name));
    const perServer = new Map<string, Map<string, number>>();
    fields.forEach((_, doc) => {
      const server = docs[doc]?.server ?? '';
      const counts = perServer.get(server) ?? new Map<string, number>();
      perServer.set(server, counts);
      for (const term of this.#docTerms[doc]?.keys() ?? []) counts.set(term, (counts.get(term) ?? 0) + 1);
    });
    for (const counts of perServer.values()) for (const [term, c] of counts) this.#df.set(term, (this.#df.get(term) ?? 0) + serverShare(c));
    this.actions = fields.map((f) => toolAction(f.name));
  }

  /** A tool's terms and their weighted frequency (BM25F's tf̃, before saturation). */
  termsOf(doc: number): ReadonlyMap<string, number> {
    return this.#docTerms[doc] ?? new Map();
  }

  /** Whether any tool has this term. */
  hasTerm(term: string): boolean {
    return this.#postings.has(term);
  }

  /** Every term of the index. */
  vocabulary(): IterableIterator<string> {
    return this.#postings.keys();
  }

  /** The tools a term occurs in. */
  docsWith(term: string): readonly number[] {
    return (this.#postings.get(term) ?? []).map((p) => p.doc);
  }

  /** BM25's saturation of a weighted frequency, as score() applies it. */
  static saturate(tf: number): number {
    return tf / (K1 + tf);
  }

  /** The idf of a word no tool has: the most any word can weigh in this index. */
  maxIdf(): number {
    return Math.log(1 + (this.docs.length + 0.5) / 0.5);
  }

  /** Robertson–Spärck Jones idf, kept positive; a word no tool has gets the idf of the rarest. */
  idf(term: string): number {
    const df = this.#df.get(term) ?? 0;
    const n = this.docs.length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** Every tool that matches at least one word of the need, among those `admit` lets through. */
  score(query: readonly QueryTerm[], admit: (doc: number) => boolean): Scored[] {
    const score = new Map<number, number>();
    const covered = new Map<number, number>();
    let total = 0;
    for (const q of query) {
      const weight = this.idf(q.term);
      total += weight;
      // Per document the best of this word's alternatives, so synonyms never add up past the word itself.
      const best = new Map<number, [number, number]>();
      for (const [term, w] of q.alternatives) {
        const postings = this.#postings.get(term);
        if (postings === undefined) continue;
        const idf = this.idf(term);
        for (const p of postings) {
          if (!admit(p.doc)) continue;
          const value = w * idf * (p.tf / (K1 + p.tf));
          const known = best.get(p.doc);
          if (known === undefined || value > known[0]) best.set(p.doc, [value, w * Math.min(weight, idf)]);
        }
      }
      for (const [doc, [value, cover]] of best) {
        score.set(doc, (score.get(doc) ?? 0) + value);
        covered.set(doc, (covered.get(doc) ?? 0) + cover);
      }
    }
    const out: Scored[] = [];
    for (const [doc, value] of score) {
      out.push({ doc, score: value, coverage: total === 0 ? 0 : Math.min(1, (covered.get(doc) ?? 0) / total), nameCover: this.#nameCover(doc, query) });
    }
    return out;
  }

  #nameCover(doc: number, query: readonly QueryTerm[]): number {
    const name = this.#names[doc];
    if (name === undefined || name.size === 0) return 0;
    let hit = 0;
    for (const term of name) {
      let best = 0;
      for (const q of query) for (const [alt, w] of q.alternatives) if (alt === term && w > best) best = w;
      hit += best;
    }
    return hit / name.size;
  }
}
