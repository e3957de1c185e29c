/**
 * A tool's output schema (its field names and descriptions) as a field of the search, against the
 * search as it ships, on the labelled set (issue #32; the figures: docs/tool-search.md). Not a test:
 * `node --import tsx test/tool-search/output-candidates.ts [--held-out]`. The weight is chosen on the
 * tuning half by the objective every candidate used; the held-out half is printed only with
 * --held-out, once the choice is made.
 */
import { EXPANSION, NOTHING_FITS_BELOW, rankTools, SearchIndex, WEIGHTS, type Field } from '../../electron/tool-search';
import { halfOf, labelledQueries, labelledTools, type LabelledQuery, type Ranked } from '../support/tool-search-set';
import { bestOf, KIND_HEADER, kindLine, tuningObjective } from './tuning-choice';

const docs = labelledTools();
const queries = labelledQueries();
const tuning = queries.filter((q) => halfOf(q.need) === 'tuning');
const heldOut = queries.filter((q) => halfOf(q.need) === 'held-out');

const rankerOf = (weights: Readonly<Record<Field, number>>): ((need: string) => Ranked) => {
  const index = new SearchIndex(docs, weights);
  return (need) => {
    const r = rankTools(index, need, { limit: 10, admit: () => true }, EXPANSION);
    return r.fit < NOTHING_FITS_BELOW ? { ids: [], nothingFits: true } : { ids: r.hits.map((h) => docs[h.doc]?.id ?? ''), nothingFits: false };
  };
};

const grid = [0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.6, 0.8, 1, 1.5].map((output) => ({ ...WEIGHTS, output }));
for (const w of grid) console.log(`tuning objective at output weight ${w.output}: ${tuningObjective(tuning, rankerOf(w)).toFixed(3)}`);
const chosen = bestOf(grid, (w) => tuningObjective(tuning, rankerOf(w)), { ...WEIGHTS, output: 0 });
console.log(`chosen output weight: ${chosen.output}`);

const rows: Array<[string, Readonly<Record<Field, number>>]> = [['without the output schema', { ...WEIGHTS, output: 0 }], [`output schema at ${chosen.output}`, chosen], ['output schema at 0.4', { ...WEIGHTS, output: 0.4 }], ['output schema at 1', { ...WEIGHTS, output: 1 }]];
const halves: Array<[string, LabelledQuery[]]> = [['tuning', tuning], ...(process.argv.includes('--held-out') ? ([['held-out', heldOut]] as Array<[string, LabelledQuery[]]>) : [])];
for (const [half, set] of halves) {
  console.log(`\n${half} half (${set.length} needs): ${KIND_HEADER}`);
  for (const [name, w] of rows) console.log(`  ${kindLine(set, rankerOf(w))}  ${name}`);
}
