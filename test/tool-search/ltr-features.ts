/**
 * Features of a (need, tool) pair for a learned ranking over what the search already computes
 * (test/tool-search/ltr-candidates.ts; docs/tool-search.md, "A learned ranking over the search's own
 * features"). The candidates are the shipped ranking's best CANDIDATES tools, the list the bench and
 * the recall test score; each feature is a number the ranking's own parts give.
 */
import { EXPANSION, NOTHING_FITS_BELOW, rankTools, type SearchIndex, type ToolDoc } from '../../electron/tool-search';
import { needActions } from '../../electron/tool-search/actions';
import { serverPrior } from '../../electron/tool-search/expansion';
import { queryTerms, WEIGHTS } from '../../electron/tool-search/search-index';
import { servicesNamed } from '../../electron/tool-search/service-names';
import { FIELDS, fieldTerms, type Field } from '../../electron/tool-search/tool-doc';

/** As search-index.ts normalizes each field's length (its B); K1 its saturation. */
const B: Record<Field, number> = { name: 0.3, title: 0.3, description: 0.75, params: 0.75, server: 0.3, about: 0.75 };
const K1 = 1.2;
/** rank.ts's DIVERSITY. */
const DIVERSITY = 0.88;

export const FEATURES = [
  'shipped', // log of the shipped score (BM25F × name cover × named service × server prior × action × diversity)
  ...FIELDS.map((f) => `bm25-${f}`), // each field's own BM25 over the need's words and synonyms, / max idf
  'exact', // BM25F of the need's own words only, / max idf
  'synonym', // what synonyms add to it
  'coverage', // share of the need's idf matched
  'name-cover', // share of the tool's name words the need names
  'action-agrees', // 1 when the need's kind of action is the tool's
  'action-differs', // 1 when both have a kind and they differ
  'server-named', // 1 when the need names the tool's service
  'server-prior', // its server's BM25 as one document over the best server's
  'server-rank', // how many tools of its server rank above it in the shipped order
] as const;
export type Feature = (typeof FEATURES)[number];

export interface Candidate {
  doc: number;
  x: Float64Array;
}

export interface Features {
  candidates: Candidate[];
  /** The shipped first pass's fit: "nothing fits" is judged on it, as the product does. */
  nothingFits: boolean;
}

/** Per tool, per field: each term's length-normalized count (BM25F's per-field tf̃, unweighted). */
export function fieldCounts(docs: readonly ToolDoc[]): Array<Record<Field, Map<string, number>>> {
  const fields = docs.map(fieldTerms);
  const average = Object.fromEntries(FIELDS.map((f) => [f, Math.max(1, fields.reduce((n, d) => n + d[f].length, 0) / Math.max(1, fields.filter((d) => d[f].length > 0).length))])) as Record<Field, number>;
  return fields.map((byField) => {
    const out = {} as Record<Field, Map<string, number>>;
    for (const field of FIELDS) {
      const norm = 1 - B[field] + (B[field] * byField[field].length) / average[field];
      const tf = new Map<string, number>();
      for (const term of byField[field]) tf.set(term, (tf.get(term) ?? 0) + 1 / norm);
      out[field] = tf;
    }
    return out;
  });
}

export const CANDIDATES = 10;

const sat = (tf: number): number => tf / (K1 + tf);

/** The features of the shipped ranking's candidates for one need. */
export function featuresOf(index: SearchIndex, counts: ReturnType<typeof fieldCounts>, need: string): Features {
  const ranking = rankTools(index, need, { limit: CANDIDATES, admit: () => true });
  const query = queryTerms(need);
  const maxIdf = index.maxIdf();
  const first = new Map(index.score(query, () => true).map((s) => [s.doc, s]));
  const prior = serverPrior(index, query, 1);
  const asked = needActions(need);
  const named = servicesNamed(index, need, EXPANSION.serviceNames);
  const seen = new Map<string, number>();
  const candidates = ranking.hits.map((hit) => {
    const doc = hit.doc;
    const byField = counts[doc] as Record<Field, Map<string, number>>;
    const x = new Float64Array(FEATURES.length);
    let at = 0;
    const server = index.docs[doc]?.server ?? '';
    const rank = seen.get(server) ?? 0;
    // The shipped order is its greedy diversity's: score × DIVERSITY^k at its pick (k 0 for a service the need
    // names), never rising, so this keeps it.
    x[at++] = Math.log(Math.max(1e-9, hit.score)) + (named.has(server) ? 0 : rank * Math.log(DIVERSITY));
    let exact = 0;
    let all = 0;
    const field = FIELDS.map(() => 0);
    for (const q of query) {
      const bestField = FIELDS.map(() => 0);
      let bestAll = 0;
      for (const [term, w] of q.alternatives) {
        const termIdf = index.idf(term);
        let combined = 0;
        FIELDS.forEach((f, i) => {
          const tf = byField[f].get(term) ?? 0;
          combined += WEIGHTS[f] * tf;
          bestField[i] = Math.max(bestField[i] ?? 0, w * termIdf * sat(tf));
        });
        const value = w * termIdf * sat(combined);
        bestAll = Math.max(bestAll, value);
        if (w === 1 && term === q.term) exact += value;
      }
      all += bestAll;
      bestField.forEach((v, i) => (field[i] = (field[i] ?? 0) + v));
    }
    for (const v of field) x[at++] = v / maxIdf;
    x[at++] = exact / maxIdf;
    x[at++] = (all - exact) / maxIdf;
    const s = first.get(doc);
    x[at++] = s?.coverage ?? 0;
    x[at++] = s?.nameCover ?? 0;
    const action = index.actions[doc];
    const agrees = asked.size > 0 && action !== undefined && asked.has(action);
    x[at++] = agrees ? 1 : 0;
    x[at++] = asked.size > 0 && action !== undefined && !agrees ? 1 : 0;
    x[at++] = named.has(server) ? 1 : 0;
    x[at++] = prior(server) - 1;
    x[at++] = rank;
    seen.set(server, rank + 1);
    return { doc, x };
  });
  return { candidates, nothingFits: ranking.fit < NOTHING_FITS_BELOW };
}

/** A linear model's order of the candidates: w·x, best first (ties keep the shipped order). */
export function reorder(features: Features, w: Float64Array): number[] {
  const scored = features.candidates.map((c, i) => {
    let s = 0;
    for (let j = 0; j < w.length; j++) s += (w[j] ?? 0) * (c.x[j] ?? 0);
    return { doc: c.doc, s, i };
  });
  return scored.sort((a, b) => b.s - a.s || a.i - b.i).map((c) => c.doc);
}
