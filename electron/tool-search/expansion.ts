import { SearchIndex, type QueryTerm } from './search-index';
import type { ServiceNameSettings } from './service-names';
import type { SubwordSettings } from './subwords';

/**
 * Query expansion from the tools' own words, no outside data (measured in docs/tool-search.md,
 * "Lexical expansion"): pseudo-relevance feedback and word association. Both add terms to a need at a
 * weight below its own words', for a second pass of the ranking; "nothing fits" is still judged on the
 * first pass, so an expansion never makes a need no tool meets look answerable.
 */
export interface ExpansionSettings {
  /**
   * Pseudo-relevance feedback (Rocchio's, as RM3 uses it; Lavrenko & Croft 2001, Abdul-Jaleel et al.
   * 2004): the best `docs` tools of the first pass, each weighted by its score over the best's, lend
   * their `terms` heaviest terms (saturated frequency × idf) at up to `weight`.
   */
  feedback?: { docs: number; terms: number; weight: number };
  /**
   * Word association over the index: for each word of the need, the `terms` words that occur with it in
   * the most tools (at least `minTools`), by P(b | a) × idf(b), at up to `weight`.
   */
  association?: { terms: number; weight: number; minTools: number };
  /** A tool's score raised by up to `weight` of how well its server's words as a whole match the need (serverPrior). */
  server?: { weight: number };
  /**
   * Word association from a corpus: `table` maps a word to its associated words and their weights,
   * alternating; each word of the need lends its `terms` strongest, at up to `weight`. Measured with a table
   * learned from MCP servers' descriptions and READMEs and left out (docs/tool-search.md).
   */
  corpus?: { terms: number; weight: number; table: Readonly<Record<string, ReadonlyArray<string | number>>> };
  /** Compounds, prefixes and character n-grams against the index's vocabulary (subwords.ts). */
  subwords?: SubwordSettings;
  /** A service named by its whole name written apart or joined ("git hub", "GitHub" → github) counts as named (service-names.ts). */
  serviceNames?: ServiceNameSettings;
}

const asked = (query: readonly QueryTerm[]): Set<string> => new Set(query.flatMap((q) => q.alternatives.map(([t]) => t)));

function strongest(weights: ReadonlyMap<string, number>, count: number, weight: number, skip: ReadonlySet<string>): QueryTerm[] {
  const top = [...weights].filter(([t]) => !skip.has(t) && !/^[0-9]+$/.test(t)).sort((a, b) => b[1] - a[1]).slice(0, count);
  const max = top[0]?.[1] ?? 0;
  if (max <= 0) return [];
  return top.map(([term, w]) => ({ term, alternatives: [[term, (weight * w) / max] as const] }));
}

/** The feedback terms of a first pass's best tools (`ranked`: best first). */
export function feedbackTerms(index: SearchIndex, query: readonly QueryTerm[], ranked: ReadonlyArray<{ doc: number; score: number }>, settings: NonNullable<ExpansionSettings['feedback']>): QueryTerm[] {
  const best = ranked[0]?.score ?? 0;
  if (best <= 0) return [];
  const weights = new Map<string, number>();
  for (const { doc, score } of ranked.slice(0, settings.docs)) {
    for (const [term, tf] of index.termsOf(doc)) weights.set(term, (weights.get(term) ?? 0) + (score / best) * SearchIndex.saturate(tf) * index.idf(term));
  }
  return strongest(weights, settings.terms, settings.weight, asked(query));
}

/** Per index, each word's associated words, strongest first (at most ASSOCIATED of them), worked out once per word. */
const associations = new WeakMap<SearchIndex, Map<string, ReadonlyArray<readonly [string, number]>>>();
/** Enough for any need: a need has at most 32 words (queryTerms), each lending at most `terms` of its own. */
const ASSOCIATED = 64;
const MAX_REMEMBERED = 20_000;

function associatedWith(index: SearchIndex, word: string, minTools: number): ReadonlyArray<readonly [string, number]> {
  let known = associations.get(index);
  if (known === undefined) associations.set(index, (known = new Map<string, ReadonlyArray<readonly [string, number]>>()));
  const key = `${minTools} ${word}`;
  const remembered = known.get(key);
  if (remembered !== undefined) return remembered;
  const docs = index.docsWith(word);
  const together = new Map<string, number>();
  for (const doc of docs) for (const term of index.termsOf(doc).keys()) together.set(term, (together.get(term) ?? 0) + 1);
  const out: Array<readonly [string, number]> = [];
  for (const [term, count] of together) if (count >= minTools && term !== word) out.push([term, (count / docs.length) * index.idf(term)]);
  const top = out.sort((a, b) => b[1] - a[1]).slice(0, ASSOCIATED);
  if (known.size < MAX_REMEMBERED) known.set(key, top);
  return top;
}

/** Words that occur in the same tools as the need's own words: P(b | a) × idf(b), the best over the need's words. */
export function associatedTerms(index: SearchIndex, query: readonly QueryTerm[], settings: NonNullable<ExpansionSettings['association']>): QueryTerm[] {
  const weights = new Map<string, number>();
  for (const q of query) {
    for (const [term, w] of associatedWith(index, q.term, settings.minTools)) if (w > (weights.get(term) ?? 0)) weights.set(term, w);
  }
  return strongest(weights, settings.terms * Math.max(1, query.length), settings.weight, asked(query));
}

/** The corpus table's associated words of the need's words, the best weight over its words. */
export function corpusTerms(query: readonly QueryTerm[], settings: NonNullable<ExpansionSettings['corpus']>): QueryTerm[] {
  const weights = new Map<string, number>();
  for (const q of query) {
    const row = Object.hasOwn(settings.table, q.term) ? (settings.table[q.term] ?? []) : [];
    for (let i = 0; i + 1 < row.length && i < settings.terms * 2; i += 2) {
      const [term, w] = [String(row[i]), Number(row[i + 1])];
      if (w > (weights.get(term) ?? 0)) weights.set(term, w);
    }
  }
  return strongest(weights, settings.terms * Math.max(1, query.length), settings.weight, asked(query));
}

/** Each server as one document: all its tools' terms, their frequencies added (for the server prior). */
interface ServerIndex {
  servers: string[];
  terms: Array<Map<string, number>>;
  lengths: number[];
  average: number;
  df: Map<string, number>;
}

const serverIndexes = new WeakMap<SearchIndex, ServerIndex>();

function serverIndex(index: SearchIndex): ServerIndex {
  const known = serverIndexes.get(index);
  if (known !== undefined) return known;
  const at = new Map<string, number>();
  const built: ServerIndex = { servers: [], terms: [], lengths: [], average: 1, df: new Map() };
  index.docs.forEach((d, doc) => {
    let i = at.get(d.server);
    if (i === undefined) {
      i = built.servers.push(d.server) - 1;
      at.set(d.server, i);
      built.terms.push(new Map());
      built.lengths.push(0);
    }
    const terms = built.terms[i] as Map<string, number>;
    for (const [term, tf] of index.termsOf(doc)) {
      terms.set(term, (terms.get(term) ?? 0) + tf);
      built.lengths[i] = (built.lengths[i] ?? 0) + tf;
    }
  });
  for (const terms of built.terms) for (const term of terms.keys()) built.df.set(term, (built.df.get(term) ?? 0) + 1);
  built.average = Math.max(1, built.lengths.reduce((a, b) => a + b, 0) / Math.max(1, built.servers.length));
  serverIndexes.set(index, built);
  return built;
}

/**
 * A server prior (cluster-based retrieval, Liu & Croft 2004): each server scored by BM25 as one document
 * of all its tools' words, over its best; a tool's score is raised by up to `weight` of its server's.
 */
export function serverPrior(index: SearchIndex, query: readonly QueryTerm[], weight: number): (server: string) => number {
  const s = serverIndex(index);
  const n = s.servers.length;
  const scores = new Map<string, number>();
  let best = 0;
  s.servers.forEach((server, i) => {
    let value = 0;
    const terms = s.terms[i] as Map<string, number>;
    const norm = 0.25 + (0.75 * (s.lengths[i] ?? 0)) / s.average;
    for (const q of query) {
      let top = 0;
      for (const [term, w] of q.alternatives) {
        const tf = terms.get(term);
        if (tf === undefined) continue;
        const df = s.df.get(term) ?? 0;
        top = Math.max(top, w * Math.log(1 + (n - df + 0.5) / (df + 0.5)) * SearchIndex.saturate(tf / norm));
      }
      value += top;
    }
    scores.set(server, value);
    best = Math.max(best, value);
  });
  return (server) => (best <= 0 ? 1 : 1 + (weight * (scores.get(server) ?? 0)) / best);
}
