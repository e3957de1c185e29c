/**
 * New ways of ranking measured against the search as it ships, on the labelled set (issue #32; the
 * figures: docs/tool-search.md, "Proximity, action and object, parameters' values"). Not a test:
 * `node --import tsx test/tool-search/refine-candidates.ts [--held-out]`. Every setting is chosen on the
 * tuning half (halfOf) by the objective the earlier candidates used; the held-out half is printed only
 * with --held-out, once the choice is made, and only for the chosen settings.
 */
import { EXPANSION, NOTHING_FITS_BELOW, rankTools, SearchIndex, type Refinements, type ToolDoc } from '../../electron/tool-search';
import { searchTimes } from '../support/search-timing';
import { halfOf, labelledQueries, labelledTools, toolsUpTo, type LabelledQuery, type Ranked } from '../support/tool-search-set';
import { bestOf, KIND_HEADER, kindLine, tuningObjective } from './tuning-choice';

const docs = labelledTools();
const queries = labelledQueries();
const tuning = queries.filter((q) => halfOf(q.need) === 'tuning');
const heldOut = queries.filter((q) => halfOf(q.need) === 'held-out');
const showHeldOut = process.argv.includes('--held-out');

/** A candidate: how the tools are indexed, and the refinements of the ranking. */
interface Candidate {
  docs: ToolDoc[];
  refine: Refinements;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Each parameter's enum values (and const) appended to its description, so the parameters' field holds them. */
function withEnums(schema: unknown, depth = 0): unknown {
  if (!isRecord(schema) || depth > 4) return schema;
  const out: Record<string, unknown> = { ...schema };
  const properties = schema['properties'];
  if (isRecord(properties)) {
    out['properties'] = Object.fromEntries(
      Object.entries(properties).map(([k, v]) => {
        if (!isRecord(v)) return [k, v];
        const values = [...(Array.isArray(v['enum']) ? (v['enum'] as unknown[]) : []), ...(v['const'] === undefined ? [] : [v['const']])].filter((x) => typeof x === 'string');
        const walked = withEnums(v, depth + 1) as Record<string, unknown>;
        const description = typeof v['description'] === 'string' ? v['description'] : '';
        return [k, values.length === 0 ? walked : { ...walked, description: `${description} ${values.join(' ')}` }];
      }),
    );
  }
  if (isRecord(schema['items'])) out['items'] = withEnums(schema['items'], depth + 1);
  return out;
}

/** The description's first sentence as the title, for a tool that has none (the title weighs 2, the description 1). */
function leadAsTitle(d: ToolDoc): ToolDoc {
  if (d.title !== undefined && d.title !== '') return d;
  const lead = (d.description ?? '').split(/(?<=[.!?])\s|\n/)[0] ?? '';
  return { ...d, title: lead };
}

const enumDocs = docs.map((d) => ({ ...d, inputSchema: withEnums(d.inputSchema) }));
const leadDocs = docs.map(leadAsTitle);
const indexes = new Map<ToolDoc[], SearchIndex>([docs, enumDocs, leadDocs].map((d) => [d, new SearchIndex(d)]));

const ranker = (c: Candidate) => (need: string): Ranked => {
  const index = indexes.get(c.docs) as SearchIndex;
  const r = rankTools(index, need, { limit: 10, admit: () => true }, EXPANSION, c.refine);
  return r.fit < NOTHING_FITS_BELOW ? { ids: [], nothingFits: true } : { ids: r.hits.map((h) => c.docs[h.doc]?.id ?? ''), nothingFits: false };
};

const objective = (c: Candidate): number => tuningObjective(tuning, ranker(c));
const best = (grid: readonly Candidate[]): Candidate => bestOf(grid, objective, grid[0] as Candidate);

const WEIGHTS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1];
const shipped: Candidate = { docs, refine: {} };
const grids: Array<[string, Candidate[]]> = [
  ['proximity', [1, 2, 3].flatMap((window) => [false, true].flatMap((unordered) => [...WEIGHTS, 1.5, 2].map((weight) => ({ docs, refine: { proximity: { weight, window, unordered } } }))))],
  ['object', WEIGHTS.map((weight) => ({ docs, refine: { object: { weight } } }))],
  ['verb by kind', [0.25, 0.5, 0.75, 1].map((weight) => ({ docs, refine: { verbKind: { weight } } }))],
  ['object + verb by kind', WEIGHTS.flatMap((o) => [0.25, 0.5, 0.75, 1].map((v) => ({ docs, refine: { object: { weight: o }, verbKind: { weight: v } } })))],
  ['enum values in parameters', [{ docs: enumDocs, refine: {} }]],
  ['first sentence as title', [{ docs: leadDocs, refine: {} }]],
];
const rows: Array<[string, Candidate]> = [['what ships', shipped], ...grids.map(([name, grid]): [string, Candidate] => {
  const c = best(grid);
  return [`${name} ${JSON.stringify(c.refine)}`, c];
})];

// At most one setting goes to the held-out half: the best on the tuning half, if it beats what ships there.
const objectives = rows.map(([, c]) => objective(c));
const top = objectives.indexOf(Math.max(...objectives));
const chosen = rows.filter((_, i) => i === 0 || (i === top && top > 0));
const f = (n: number): string => n.toFixed(3);
const halves: Array<[string, LabelledQuery[]]> = [['tuning', tuning], ...(showHeldOut ? ([['held-out', heldOut]] as Array<[string, LabelledQuery[]]>) : [])];
for (const [half, set] of halves) {
  const shown = half === 'tuning' ? rows : chosen;
  console.log(`\n${half} half (${set.length} needs): ${KIND_HEADER} | objective`);
  for (const [name, c] of shown) {
    console.log(`  ${kindLine(set, ranker(c))} | ${half === 'tuning' ? f(objectives[rows.findIndex(([n]) => n === name)] ?? NaN) : ''}  ${name}`);
  }
}

if (process.argv.includes('--time')) {
  // Time per search at 1,000 tools (the bench's toolsUpTo), each setting, every need 3 times: CPU and wall.
  console.log('\nat 1,000 tools: CPU median / p95, wall median / p95 (ms)');
  for (const [name, c] of rows) {
    const big = new SearchIndex(toolsUpTo(c.docs, 1_000));
    console.log(`  ${searchTimes((need) => rankTools(big, need, { limit: 5, admit: () => true }, EXPANSION, c.refine), queries.map((q) => q.need))}  ${name}`);
  }
}
