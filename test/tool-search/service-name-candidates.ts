/**
 * Service names joined (electron/tool-search/service-names.ts: "git hub", "GitHub", "pagerduty" naming a
 * server by its whole name) beside the search as it ships, on the labelled set (issue #32; the figures:
 * docs/tool-search.md, "Service names joined"). Not a test:
 * `node --import tsx test/tool-search/service-name-candidates.ts [--held-out] [--time] [--changed]`. The rule
 * (parts, ordinary) is chosen on the tuning half (halfOf) by the objective the earlier candidates used; the held-out half is
 * printed only with --held-out, once the choice is made, for the chosen setting only.
 */
import { EXPANSION, rankTools, SearchIndex, type ExpansionSettings } from '../../electron/tool-search';
import { servicesNamed } from '../../electron/tool-search/service-names';
import { searchTimes } from '../support/search-timing';
import { toolsUpTo, type LabelledQuery } from '../support/tool-search-set';
import { docs, heldOut, index, objective, queries, ranker, tuning } from './labelled-ranking';
import { bestOf, KIND_HEADER, kindLine } from './tuning-choice';

const { serviceNames: _shipped, ...base } = EXPANSION;
// Whole names only (service-names.ts); `parts`: a word of a name in parts names it too; `ordinary`: a word of this many other servers' tools names nothing.
const withNames = (weight: number, parts: boolean, ordinary?: number): ExpansionSettings => ({ ...base, serviceNames: { weight, ...(parts ? { parts } : {}), ...(ordinary === undefined ? {} : { ordinary }) } });
const ORDINARY = [undefined, 1, 2, 3, 5, 8, 12];
// Naming only (weight 0): lending the name's terms was measured and left out (docs/tool-search.md, "Service names joined").
const grid = [false, true].flatMap((parts) => ORDINARY.map((ordinary) => withNames(0, parts, ordinary)));
const chosen = bestOf(grid, objective, withNames(0, false));
const whole = withNames(0, false);
const rows: Array<[string, ExpansionSettings]> = [
  ['whole names only', whole],
  [`chosen ${JSON.stringify(chosen.serviceNames)}`, chosen],
];
// Which servers' own names each setting leaves unnamed in this set (for reading the rows).
for (const parts of [false, true]) {
  for (const ordinary of ORDINARY) {
    const never = [...new Set(docs.map((d) => d.server))].filter((server) => !servicesNamed(index, server, { parts, ...(ordinary === undefined ? {} : { ordinary }) }).has(server));
    console.log(`parts ${parts}, ordinary ${ordinary}: not named by its own name: ${never.join(', ')}`);
  }
}

const f = (n: number): string => n.toFixed(3);
console.log(`tuning objective by setting: ${grid.map((e) => `${JSON.stringify(e.serviceNames)} ${f(objective(e))}`).join(', ')}`);
const sets: Array<[string, readonly LabelledQuery[], Array<[string, ExpansionSettings]>]> = [['tuning half', tuning, rows]];
// The held-out half: once, for the chosen setting only (what shipped before: docs/tool-search.md).
if (process.argv.includes('--held-out')) sets.push(['held-out half', heldOut, [rows[1]].filter((r) => r !== undefined)], ['whole set', queries, [rows[1]].filter((r) => r !== undefined)]);
for (const [name, set, shown] of sets) {
  console.log(`\n${name} (${set.length} needs): ${KIND_HEADER}`);
  for (const [label, e] of shown) console.log(`  ${kindLine(set, ranker(e))}  ${label}`);
}
if (process.argv.includes('--changed')) {
  // The tuning half's needs whose first right tool moved, for reading why (never the held-out half's).
  const at = (e: ExpansionSettings, q: LabelledQuery): number => ranker(e)(q.need).ids.findIndex((id) => q.right.includes(id));
  for (const q of tuning) if (at(whole, q) !== at(chosen, q)) console.log(`  ${q.kind}: ${at(whole, q)} → ${at(chosen, q)}  ${q.need}`);
}

if (process.argv.includes('--time')) {
  // Time per search at 1,000 tools (the bench's toolsUpTo), interleaved rounds, every need 3 times a round: CPU and wall.
  const big = new SearchIndex(toolsUpTo(docs, 1_000));
  console.log('\nat 1,000 tools: CPU median / p95, wall median / p95 (ms)');
  const timed = rows;
  for (let round = 0; round < 3; round++) {
    for (const [label, e] of timed) console.log(`  ${searchTimes((need) => rankTools(big, need, { limit: 5, admit: () => true }, e), queries.map((q) => q.need))}  ${label}`);
  }
}
