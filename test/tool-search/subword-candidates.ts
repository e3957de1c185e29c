/**
 * Subwords of a need (electron/tool-search/subwords.ts: compounds joined and split, prefixes, character
 * n-grams, all against the index's own vocabulary) beside the search as it ships, on the labelled set
 * (issue #32; the figures: docs/tool-search.md, "Subwords"). Not a test:
 * `node --import tsx test/tool-search/subword-candidates.ts [--held-out] [--time]`. Every setting is chosen
 * on the tuning half (halfOf) by the objective the earlier candidates used; the held-out half is printed
 * only with --held-out, once the choice is made, and only for the one best setting if it beats what ships.
 */
import { EXPANSION, NOTHING_FITS_BELOW, rankTools, SearchIndex, type ExpansionSettings } from '../../electron/tool-search';
import { searchTimes } from '../support/search-timing';
import { halfOf, labelledQueries, labelledTools, toolsUpTo, type LabelledQuery, type Ranked } from '../support/tool-search-set';
import { bestOf, KIND_HEADER, kindLine, tuningObjective } from './tuning-choice';

const docs = labelledTools();
const queries = labelledQueries();
const index = new SearchIndex(docs);
const tuning = queries.filter((q) => halfOf(q.need) === 'tuning');
const heldOut = queries.filter((q) => halfOf(q.need) === 'held-out');

type Ranker = (need: string) => Ranked;
const ranker = (expansion: ExpansionSettings): Ranker => (need) => {
  const r = rankTools(index, need, { limit: 10, admit: () => true }, expansion);
  return r.fit < NOTHING_FITS_BELOW ? { ids: [], nothingFits: true } : { ids: r.hits.map((h) => docs[h.doc]?.id ?? ''), nothingFits: false };
};

const objective = (e: ExpansionSettings): number => tuningObjective(tuning, ranker(e));
const best = (grid: readonly ExpansionSettings[]): ExpansionSettings => bestOf(grid, objective, EXPANSION);

const WEIGHTS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1];
const with_ = (subwords: NonNullable<ExpansionSettings['subwords']>): ExpansionSettings => ({ ...EXPANSION, subwords });
const grids: Array<[string, ExpansionSettings[]]> = [
  ['compounds joined', WEIGHTS.map((join) => with_({ join }))],
  ['compounds split', WEIGHTS.map((split) => with_({ split }))],
  ['compounds joined and split', WEIGHTS.flatMap((join) => WEIGHTS.map((split) => with_({ join, split })))],
  ['prefixes', [3, 4, 5].flatMap((min) => [1, 2, 3].flatMap((terms) => WEIGHTS.map((weight) => with_({ prefix: { weight, min, terms } }))))],
  ['character 3-grams', [0.5, 0.6, 0.7, 0.8].flatMap((min) => [1, 2, 3].flatMap((terms) => WEIGHTS.map((weight) => with_({ grams: { weight, min, terms } }))))],
];
const rows: Array<[string, ExpansionSettings]> = [['what ships', EXPANSION], ...grids.map(([name, grid]): [string, ExpansionSettings] => {
  const e = best(grid);
  return [`${name} ${JSON.stringify(e.subwords)}`, e];
})];
// All four at once: the chosen settings together.
const together = with_(Object.assign({}, ...rows.slice(1).map(([, e]) => e.subwords)) as NonNullable<ExpansionSettings['subwords']>);
rows.push([`all together ${JSON.stringify(together.subwords)}`, together]);

// At most one setting goes to the held-out half: the best on the tuning half, if it beats what ships there.
const objectives = rows.map(([, e]) => objective(e));
const top = objectives.indexOf(Math.max(...objectives));
const chosen = rows.filter((_, i) => i === 0 || (i === top && top > 0 && (objectives[top] ?? 0) > (objectives[0] ?? 0)));
const f = (n: number): string => n.toFixed(3);
const halves: Array<[string, LabelledQuery[]]> = [['tuning', tuning], ...(process.argv.includes('--held-out') ? ([['held-out', heldOut]] as Array<[string, LabelledQuery[]]>) : [])];
for (const [half, set] of halves) {
  console.log(`\n${half} half (${set.length} needs): ${KIND_HEADER} | objective`);
  for (const [name, e] of half === 'tuning' ? rows : chosen) {
    console.log(`  ${kindLine(set, ranker(e))} | ${half === 'tuning' ? f(objectives[rows.findIndex(([n]) => n === name)] ?? NaN) : ''}  ${name}`);
  }
}

if (process.argv.includes('--time')) {
  // Time per search at 1,000 tools (the bench's toolsUpTo), each setting, every need 3 times: CPU and wall.
  const big = new SearchIndex(toolsUpTo(docs, 1_000));
  console.log('\nat 1,000 tools: CPU median / p95, wall median / p95 (ms)');
  for (const [name, e] of rows) console.log(`  ${searchTimes((need) => rankTools(big, need, { limit: 5, admit: () => true }, e), queries.map((q) => q.need))}  ${name}`);
}
