/**
 * Tool search on the labelled set (test/fixtures/tool-search), against plain BM25 over the same fields
 * in the same run: recall@1, recall@5, MRR@10, "nothing fits", and the answer's p95 at 1,000 tools.
 */
import { SearchIndex, searchTools } from '../../electron/tool-search';
import { PlainBm25 } from '../support/plain-bm25';
import { bySubset, halfOf, labelledQueries, labelledTools, score, type LabelledQuery, type Ranked, type Scores, toolsUpTo } from '../support/tool-search-set';
import { check, spread, type Row } from './report';

const one = (value: number) => spread([value]);

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? NaN;
}

function qualityRows(ours: Scores, plain: Scores, byKind: string): Row[] {
  const row = (key: string, what: string, mine: number, theirs: number, target: string, status: Row['status']): Row => ({
    key,
    what,
    unit: '',
    ours: one(mine),
    baseline: one(theirs),
    baselineLabel: 'plain BM25 over the same fields',
    figure: one(mine),
    figureUnit: '',
    target,
    status,
  });
  return [
    { ...row('search-recall5', `tool search recall@5, ${ours.answerable} needs with a right tool among 912 real tools`, ours.recallAt5, plain.recallAt5, '>= 0.90', check(ours.recallAt5, '>=', 0.9)), note: byKind },
    row('search-recall1', 'tool search recall@1', ours.recallAt1, plain.recallAt1, '>= 0.65', check(ours.recallAt1, '>=', 0.65)),
    row('search-mrr10', 'tool search MRR@10', ours.mrrAt10, plain.mrrAt10, '', 'info'),
    {
      ...row('search-nothing-fits', `"nothing fits" said for the ${ours.unanswerable} needs no tool meets, losing at most 3% of right answers`, ours.nothingFitsRate, plain.nothingFitsRate, '>= 0.60, lost <= 0.03', ours.nothingFitsRate >= 0.6 && ours.lostRate <= 0.03 ? 'met' : 'missed'),
      note: `right answers lost to "nothing fits": ${(ours.lostRate * 100).toFixed(1)}%; plain BM25 has no threshold, so it never says it`,
    },
  ];
}

/**
 * The same targets on the held-out half (halfOf: by the hash of each need's words). The weights were
 * tuned on the whole set before the split, so even these flatter us a little; none is tuned on it since.
 */
function heldOutRows(held: readonly LabelledQuery[], ours: (need: string) => Ranked, plain: (need: string) => Ranked): Row[] {
  const [a, b] = [score(held, ours), score(held, plain)];
  const rows = qualityRows(a, b, '');
  const named: Record<string, string> = {
    'search-recall5': `held out: recall@5 on the ${a.answerable} needs with a right tool of the held-out half`,
    'search-recall1': 'held out: recall@1',
    'search-nothing-fits': `held out: "nothing fits" for its ${a.unanswerable} needs no tool meets, losing at most 3% of right answers`,
  };
  return rows
    .filter((r) => named[r.key] !== undefined)
    .map((r) => ({ ...r, key: r.key.replace('search-', 'search-heldout-'), what: named[r.key] ?? r.what, note: r.key === 'search-nothing-fits' ? `right answers lost: ${(a.lostRate * 100).toFixed(1)}%` : `margin over plain BM25: ${(r.ours.median - r.baseline.median).toFixed(3)}` }));
}

/**
 * Per kind of need on the held-out half, beside plain BM25. Info rows: the targets (r@5 0.90,
 * r@1 0.65) are about needs as agents phrase them, and on `paraphrase` they are not met (docs/tool-search.md).
 */
function kindRows(held: readonly LabelledQuery[], ours: (need: string) => Ranked, plain: (need: string) => Ranked): Row[] {
  return bySubset(held, ours, plain).map((r) => {
    const none = r.kind === 'none';
    return {
      key: `search-heldout-${r.kind}`,
      what: none ? `held out, ${r.count} needs no tool meets: "nothing fits" said` : `held out, ${r.count} ${r.kind} needs: recall@5`,
      unit: '',
      ours: one(none ? r.ours.nothingFitsRate : r.ours.recallAt5),
      baseline: one(none ? r.plain.nothingFitsRate : r.plain.recallAt5),
      baselineLabel: 'plain BM25 over the same fields',
      figure: one(none ? r.ours.nothingFitsRate : r.ours.recallAt5),
      figureUnit: '',
      target: r.kind === 'paraphrase' ? 'issue: r@5 >= 0.90, r@1 >= 0.65 (not met here)' : '',
      status: 'info' as const,
      note: none ? 'plain BM25 has no threshold' : `recall@1 ${r.ours.recallAt1.toFixed(3)} vs ${r.plain.recallAt1.toFixed(3)}; MRR@10 ${r.ours.mrrAt10.toFixed(3)} vs ${r.plain.mrrAt10.toFixed(3)}; lost to "nothing fits" ${(r.ours.lostRate * 100).toFixed(1)}%`,
    };
  });
}

export function benchToolSearch(options: { rounds: number }): Row[] {
  const docs = labelledTools();
  const queries = labelledQueries();
  const index = new SearchIndex(docs);
  const bm25 = new PlainBm25(docs);
  const ours = (need: string): Ranked => {
    const answer = searchTools(index, need, { limit: 10, admit: () => true });
    return { ids: answer.hits.map((h) => docs[h.doc]?.id ?? ''), nothingFits: answer.nothingFits };
  };
  const plain = (need: string): Ranked => ({ ids: bm25.search(need, 10), nothingFits: false });
  const byKind = bySubset(queries, ours, plain)
    .filter((r) => r.kind !== 'none')
    .map((r) => `${r.kind} (${r.count}): r@1 ${r.ours.recallAt1.toFixed(2)} vs ${r.plain.recallAt1.toFixed(2)}, r@5 ${r.ours.recallAt5.toFixed(2)} vs ${r.plain.recallAt5.toFixed(2)}`)
    .join('; ');
  const rows = qualityRows(score(queries, ours), score(queries, plain), byKind);
  const held = queries.filter((q) => halfOf(q.need) === 'held-out');
  rows.push(...heldOutRows(held, ours, plain), ...kindRows(held, ours, plain));

  // Latency at 1,000 tools: every need, each round, the index built once (as the bridge does per inventory).
  const thousand = toolsUpTo(docs, 1_000);
  const big = new SearchIndex(thousand);
  const bigPlain = new PlainBm25(thousand);
  const mine: number[] = [];
  const cpu: number[] = [];
  const theirs: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    for (const q of queries) {
      const c0 = process.cpuUsage();
      let t0 = performance.now();
      searchTools(big, q.need, { limit: 5, admit: () => true });
      mine.push(performance.now() - t0);
      const c1 = process.cpuUsage(c0);
      cpu.push((c1.user + c1.system) / 1000);
      t0 = performance.now();
      bigPlain.search(q.need, 5);
      theirs.push(performance.now() - t0);
    }
  }
  const ours95 = p95(mine);
  const built0 = performance.now();
  new SearchIndex(thousand);
  const buildMs = performance.now() - built0;
  rows.push({
    key: 'search-p95',
    what: `a search's answer at 1,000 tools, p95 over ${mine.length} searches`,
    unit: 'ms',
    ours: one(ours95),
    baseline: one(p95(theirs)),
    baselineLabel: 'plain BM25, the same needs',
    figure: one(ours95),
    figureUnit: 'ms',
    target: '<= 20 ms',
    status: check(ours95, '<=', 20),
    // On a loaded machine the wall time's tail is the process waiting for a core; its CPU time is what a search costs.
    note: `its own CPU time: p95 ${p95(cpu).toFixed(1)} ms, median ${spread(cpu).median.toFixed(2)} ms (wall median ${spread(mine).median.toFixed(2)} ms); building the index of 1,000 tools (once per inventory change) took ${buildMs.toFixed(0)} ms`,
  });
  return rows;
}
