/**
 * A word of a name in parts that says what kind of service, not which one (electron/tool-search/service-names.ts:
 * `sharedPart`, `commonParts`), beside the search as it shipped, on the labelled set (issue #32; the figures:
 * docs/tool-search.md, "Names a service: a common word alone names nothing"). Not a test:
 * `node --import tsx test/tool-search/plain-part-candidates.ts [--held-out] [--time] [--changed]`. The setting is
 * chosen on the tuning half (halfOf) by the objective the earlier candidates used; the held-out half is
 * printed only with --held-out, once the choice is made, for what shipped and the chosen setting only.
 */
import { EXPANSION, rankTools, SearchIndex, type ExpansionSettings } from '../../electron/tool-search';
import { servicesNamed, type ServiceNameSettings } from '../../electron/tool-search/service-names';
import { searchTimes } from '../support/search-timing';
import { toolsUpTo, type LabelledQuery } from '../support/tool-search-set';
import { docs, heldOut, index, objective, queries, ranker, tuning } from './labelled-ranking';
import { bestOf, KIND_HEADER, kindLine } from './tuning-choice';

// What shipped before: whole names and every word of a name in parts.
const before: ServiceNameSettings = { weight: 0, parts: true };
const settings = (sharedPart: number | undefined, commonParts: boolean): ServiceNameSettings => ({
  ...before,
  ...(sharedPart === undefined ? {} : { sharedPart }),
  ...(commonParts ? { commonParts } : {}),
});
const withNames = (serviceNames: ServiceNameSettings): ExpansionSettings => ({ ...EXPANSION, serviceNames });
const grid = [undefined, 2, 3, 4].flatMap((shared) => [false, true].map((common) => settings(shared, common)));
// The fix asked (issue #32): a part of >= 3 servers' names, or a common word, names nothing alone. It is kept
// only if no figure of the tuning half gets worse; the grid's objectives are printed beside it (ties: bestOf's first).
const chosen = settings(3, true);
const best = bestOf(grid, (s) => objective(withNames(s)), before);
const f = (n: number): string => n.toFixed(3);

// Which server names each setting leaves to the whole name only (for reading the rows): those its words alone no longer name.
for (const s of grid) {
  const lost = [...new Set(docs.map((d) => d.server))].filter((server) => server.includes('-')).map((server) => `${server}: ${server.split('-').filter((w) => !servicesNamed(index, w, s).has(server)).join(' ') || '-'}`);
  console.log(`${JSON.stringify(s)} objective ${f(objective(withNames(s)))}; words that no longer name alone: ${lost.join(', ')}`);
}

const namedDiffer = (set: readonly LabelledQuery[]): number =>
  set.filter((q) => [...servicesNamed(index, q.need, before)].sort().join() !== [...servicesNamed(index, q.need, chosen)].sort().join()).length;
console.log(`\nbest by the objective ${JSON.stringify(best)} (${f(objective(withNames(best)))}); candidate ${JSON.stringify(chosen)} (${f(objective(withNames(chosen)))}); servers named differ from before in ${namedDiffer(tuning)} tuning needs and ${namedDiffer(heldOut)} held-out needs`);

const rows: Array<[string, ServiceNameSettings]> = [
  ['before (every word of a name in parts)', before],
  [`chosen ${JSON.stringify(chosen)}`, chosen],
];
const sets: Array<[string, readonly LabelledQuery[]]> = [['tuning half', tuning]];
// The held-out half: once, for what shipped and the chosen setting only.
if (process.argv.includes('--held-out')) sets.push(['held-out half', heldOut], ['whole set', queries]);
for (const [name, set] of sets) {
  console.log(`\n${name} (${set.length} needs): ${KIND_HEADER}`);
  for (const [label, s] of rows) console.log(`  ${kindLine(set, ranker(withNames(s)))}  ${label}`);
}

if (process.argv.includes('--changed')) {
  // The tuning half's needs whose first right tool moved, for reading why (never the held-out half's).
  const at = (s: ServiceNameSettings, q: LabelledQuery): number => ranker(withNames(s))(q.need).ids.findIndex((id) => q.right.includes(id));
  for (const q of tuning) if (at(before, q) !== at(chosen, q)) console.log(`  ${q.kind}: ${at(before, q)} → ${at(chosen, q)}  ${q.need}`);
}

if (process.argv.includes('--time')) {
  // Time per search at 1,000 tools (the bench's toolsUpTo), interleaved rounds, every need 3 times a round.
  const big = new SearchIndex(toolsUpTo(docs, 1_000));
  console.log('\nat 1,000 tools: CPU median / p95, wall median / p95 (ms)');
  for (let round = 0; round < 3; round++) {
    for (const [label, s] of rows) console.log(`  ${searchTimes((need) => rankTools(big, need, { limit: 5, admit: () => true }, withNames(s)), queries.map((q) => q.need))}  ${label}`);
  }
}
