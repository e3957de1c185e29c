/**
 * Lexical expansions of a need (electron/tool-search/expansion.ts) against the search as it ships, on
 * the labelled set (issue #32; the figures: docs/tool-search.md, "Lexical expansion was measured").
 * Not a test: `node --import tsx test/tool-search/lexical-candidates.ts [--held-out] [--only=feedback,association,both,server,server+association,corpus,none] [--corpus=table.json]`. Every setting is
 * chosen on the tuning half (halfOf) by the objective the embedding candidates used; the held-out half
 * is printed only with --held-out, once the choice is made.
 */
import { readFileSync } from 'node:fs';
import { EXPANSION, rankTools, SearchIndex, NOTHING_FITS_BELOW, type ExpansionSettings } from '../../electron/tool-search';
import { searchTimes } from '../support/search-timing';
import { halfOf, labelledQueries, labelledTools, score, toolsUpTo, type LabelledQuery, type Ranked } from '../support/tool-search-set';
import { bestOf, tuningObjective } from './tuning-choice';

const docs = labelledTools();
const queries = labelledQueries();
const index = new SearchIndex(docs);
const tuning = queries.filter((q) => halfOf(q.need) === 'tuning');
const heldOut = queries.filter((q) => halfOf(q.need) === 'held-out');
const showHeldOut = process.argv.includes('--held-out');

type Ranker = (need: string) => Ranked;
const ranker = (expansion: ExpansionSettings): Ranker => (need) => {
  const r = rankTools(index, need, { limit: 10, admit: () => true }, expansion);
  return r.fit < NOTHING_FITS_BELOW ? { ids: [], nothingFits: true } : { ids: r.hits.map((h) => docs[h.doc]?.id ?? ''), nothingFits: false };
};

const objective = (r: Ranker): number => tuningObjective(tuning, r);
const best = (grid: readonly ExpansionSettings[]): ExpansionSettings => bestOf(grid, (e) => objective(ranker(e)), {});

const WEIGHTS = [0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5];
const feedbackGrid = [1, 2, 3, 5, 8].flatMap((d) => [3, 5, 10, 20].flatMap((t) => WEIGHTS.map((w) => ({ feedback: { docs: d, terms: t, weight: w } }))));
const associationGrid = [1, 2, 3, 5].flatMap((t) => [2, 3, 5].flatMap((m) => WEIGHTS.map((w) => ({ association: { terms: t, weight: w, minTools: m } }))));

const serverGrid = [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3, 5].map((w) => ({ server: { weight: w } }));
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const run = (method: string): boolean => only === undefined || only.includes(method);

const rows: Array<[string, ExpansionSettings]> = [['no expansion (shipped before)', {}], [`what ships: ${JSON.stringify(EXPANSION)}`, EXPANSION]];
const fb = run('feedback') || run('both') ? best(feedbackGrid) : {};
const as = run('association') || run('both') ? best(associationGrid) : {};
if (run('feedback')) rows.push([`feedback ${JSON.stringify(fb.feedback)}`, fb]);
if (run('association')) rows.push([`association ${JSON.stringify(as.association)}`, as]);
if (run('both')) {
  // Both at once: the two chosen settings, their weights chosen again together.
  const fbChosen = fb.feedback ?? { docs: 3, terms: 5, weight: 0.1 };
  const asChosen = as.association ?? { terms: 1, weight: 0.1, minTools: 2 };
  const both = best(WEIGHTS.flatMap((w) => WEIGHTS.map((v) => ({ feedback: { ...fbChosen, weight: w }, association: { ...asChosen, weight: v } }))));
  rows.push([`both ${JSON.stringify(both)}`, both]);
}
if (run('server')) {
  const sv = best(serverGrid);
  rows.push([`server prior ${JSON.stringify(sv.server)}`, sv]);
}
if (run('server+association')) {
  // The server prior with word association: both weights chosen together.
  const pair = best([0.5, 1, 1.5, 2, 3].flatMap((w) => WEIGHTS.flatMap((v) => [2, 3].map((m) => ({ server: { weight: w }, association: { terms: 1, weight: v, minTools: m } })))));
  rows.push([`server prior + association ${JSON.stringify(pair)}`, pair]);
}
if (run('corpus')) {
  // Word association from MCP servers' descriptions and READMEs (corpus-association.ts builds the table; --corpus=path for another).
  const path = process.argv.find((a) => a.startsWith('--corpus='))?.slice('--corpus='.length) ?? 'test/fixtures/tool-search/corpus-association.json';
  const table = JSON.parse(readFileSync(path, 'utf8')) as Record<string, Array<string | number>>;
  const shown = (e: ExpansionSettings): string => JSON.stringify({ ...e, corpus: e.corpus === undefined ? undefined : { ...e.corpus, table: path } });
  // Beside the shipped second pass, and in place of its association from the tools' words: breadth and weights chosen on the tuning half.
  const withCorpus = best([{ ...EXPANSION }, ...[1, 2, 3, 4].flatMap((t) => WEIGHTS.map((w) => ({ ...EXPANSION, corpus: { terms: t, weight: w, table } })))]);
  rows.push([`what ships + corpus association ${shown(withCorpus)}`, withCorpus]);
  const instead = best([1, 1.5, 2].flatMap((s) => [1, 2, 4].flatMap((t) => WEIGHTS.map((w) => ({ server: { weight: s }, corpus: { terms: t, weight: w, table } })))));
  rows.push([`server prior + corpus association ${shown(instead)}`, instead]);
}
const f = (n: number): string => n.toFixed(3);
const halves: Array<[string, LabelledQuery[]]> = [['tuning', tuning], ...(showHeldOut ? ([['held-out', heldOut]] as Array<[string, LabelledQuery[]]>) : [])];
for (const [half, set] of halves) {
  console.log(`\n${half} half (${set.length} needs): all r@1 / r@5 / MRR@10 | paraphrase r@1 / r@5 / MRR@10, lost | plain r@1 | near-dup r@1 | "nothing fits" for none, lost${half === 'tuning' ? ' | objective' : ''}`);
  for (const [name, e] of rows) {
    const r = ranker(e);
    const all = score(set, r);
    const kind = (k: LabelledQuery['kind']) => score(set.filter((q) => q.kind === k), r);
    const para = kind('paraphrase');
    console.log(`  ${f(all.recallAt1)} / ${f(all.recallAt5)} / ${f(all.mrrAt10)} | ${f(para.recallAt1)} / ${f(para.recallAt5)} / ${f(para.mrrAt10)}, ${f(para.lostRate)} | ${f(kind('plain').recallAt1)} | ${f(kind('near-duplicate').recallAt1)} | ${f(all.nothingFitsRate)}, ${f(all.lostRate)}${half === 'tuning' ? ` | objective ${f(objective(r))}` : ''}  ${name}`);
  }
}

// Time per search at 1,000 tools (the bench's toolsUpTo), each setting, every need 3 times: CPU and wall.
const thousand = toolsUpTo(docs, 1_000);
const big = new SearchIndex(thousand);
console.log('\nat 1,000 tools: CPU median / p95, wall median / p95 (ms)');
for (const [name, e] of rows) {
  console.log(`  ${searchTimes((need) => rankTools(big, need, { limit: 5, admit: () => true }, e), queries.map((q) => q.need))}  ${name}`);
}
