/**
 * A learned ranking (learning to rank) over the features the search already computes, against the
 * search as it ships, on the labelled set (issue #32; the figures: docs/tool-search.md, "A learned ranking over
 * the search's own features"). Not a test:
 * `node --import tsx test/tool-search/ltr-candidates.ts [--held-out]`.
 * Both learners see the tuning half only (halfOf); the held-out half is printed only with --held-out.
 */
import { rankTools, SearchIndex } from '../../electron/tool-search';
import { halfOf, labelledQueries, labelledTools, score, toolsUpTo, type LabelledQuery, type Ranked } from '../support/tool-search-set';
import { CANDIDATES, FEATURES, featuresOf, fieldCounts, reorder, type Features } from './ltr-features';
import { coordinateAscent, objective, pairwiseLogistic, shippedWeights, type Example } from './ltr-train';

const docs = labelledTools();
const queries = labelledQueries();
const index = new SearchIndex(docs);
const counts = fieldCounts(docs);
const at = new Map(docs.map((d, i) => [d.id, i]));
const featured = new Map<string, Features>(queries.map((q) => [q.need, featuresOf(index, counts, q.need)]));
const example = (q: LabelledQuery): Example => ({ kind: q.kind, right: new Set(q.right.map((r) => at.get(r) ?? -1)), features: featured.get(q.need) as Features });
const tuning = queries.filter((q) => halfOf(q.need) === 'tuning');
const heldOut = queries.filter((q) => halfOf(q.need) === 'held-out');
const showHeldOut = process.argv.includes('--held-out');

const ranker = (w: Float64Array) => (need: string): Ranked => {
  const f = featured.get(need) as Features;
  return f.nothingFits ? { ids: [], nothingFits: true } : { ids: reorder(f, w).map((d) => docs[d]?.id ?? ''), nothingFits: false };
};

const train = tuning.map(example);
const models: Array<[string, Float64Array]> = [
  ['shipped (the shipped order, through the same features)', shippedWeights()],
  ['coordinate ascent', coordinateAscent(train)],
  ...[0.001, 0.01, 0.1].map((l): [string, Float64Array] => [`pairwise logistic, λ ${l}`, pairwiseLogistic(train, l)]),
];
for (const [name, w] of models) console.log(`${name}: tuning objective ${objective(train, w).toFixed(4)}; weights ${FEATURES.map((f, j) => `${f} ${(w[j] ?? 0).toFixed(3)}`).join(', ')}`);

// Five-fold cross-validation inside the tuning half (fold: position mod 5): what each learner gains on
// tuning needs it was not trained on, before the held-out half is looked at.
const folds = 5;
const learners: Array<[string, (e: readonly Example[]) => Float64Array]> = [
  ['shipped', () => shippedWeights()],
  ['coordinate ascent', (e) => coordinateAscent(e)],
  ['coordinate ascent, one pass', (e) => coordinateAscent(e, 1)],
  ['coordinate ascent, steps of at most 0.1', (e) => coordinateAscent(e, 10, [-0.1, -0.05, 0.05, 0.1])],
  ['coordinate ascent, the per-field and exact/synonym features only', (e) => coordinateAscent(e, 10, undefined, new Set(FEATURES.filter((f) => f.startsWith('bm25-') || f === 'exact' || f === 'synonym')))],
  ['pairwise logistic, λ 0.1', (e) => pairwiseLogistic(e, 0.1)],
  ['pairwise logistic, λ 0.01', (e) => pairwiseLogistic(e, 0.01)],
];
console.log('\ncross-validated on the tuning half (5 folds): all r@1 / r@5 | paraphrase r@1 / r@5 (counts of needs)');
for (const [name, learn] of learners) {
  const hits = { a1: 0, a5: 0, p1: 0, p5: 0 };
  for (let k = 0; k < folds; k++) {
    const w = learn(train.filter((_, i) => i % folds !== k));
    for (const [i, q] of tuning.entries()) {
      if (i % folds !== k || q.right.length === 0) continue;
      const ids = ranker(w)(q.need).ids;
      const pos = ids.slice(0, 10).findIndex((id) => q.right.includes(id));
      const para = q.kind === 'paraphrase' ? 1 : 0;
      if (pos === 0) [hits.a1, hits.p1] = [hits.a1 + 1, hits.p1 + para];
      if (pos >= 0 && pos < 5) [hits.a5, hits.p5] = [hits.a5 + 1, hits.p5 + para];
    }
  }
  console.log(`  ${hits.a1} / ${hits.a5} | ${hits.p1} / ${hits.p5}  ${name}`);
}

// The ceiling: how often the right tool is among the candidates at all (the shipped best CANDIDATES).
const ceiling = (set: readonly LabelledQuery[]) => set.filter((q) => q.right.length > 0 && (featured.get(q.need)?.candidates ?? []).some((c) => q.right.includes(docs[c.doc]?.id ?? ''))).length / Math.max(1, set.filter((q) => q.right.length > 0).length);

const f = (n: number): string => n.toFixed(3);
const halves: Array<[string, LabelledQuery[]]> = [['tuning', tuning], ...(showHeldOut ? ([['held-out', heldOut], ['whole set', queries]] as Array<[string, LabelledQuery[]]>) : [])];
for (const [half, set] of halves) {
  const para = set.filter((q) => q.kind === 'paraphrase');
  console.log(`\n${half} (${set.length} needs; right tool among the ${CANDIDATES} candidates: all ${f(ceiling(set))}, paraphrase ${f(ceiling(para))})`);
  console.log('  all r@1 / r@5 / MRR@10 | paraphrase r@1 / r@5 / MRR@10 | plain r@1 / r@5 | near-dup r@1 / r@5 | "nothing fits" for none, lost');
  for (const [name, w] of models) {
    const r = ranker(w);
    const all = score(set, r);
    const kind = (k: LabelledQuery['kind']) => score(set.filter((q) => q.kind === k), r);
    const [p, pl, nd] = [kind('paraphrase'), kind('plain'), kind('near-duplicate')];
    console.log(`  ${f(all.recallAt1)} / ${f(all.recallAt5)} / ${f(all.mrrAt10)} | ${f(p.recallAt1)} / ${f(p.recallAt5)} / ${f(p.mrrAt10)} | ${f(pl.recallAt1)} / ${f(pl.recallAt5)} | ${f(nd.recallAt1)} / ${f(nd.recallAt5)} | ${f(all.nothingFitsRate)}, ${f(all.lostRate)}  ${name}`);
  }
}

// Which needs each model moved against the shipped order: gained / lost within 1 and within 5.
const position = (w: Float64Array, q: LabelledQuery): number => ranker(w)(q.need).ids.slice(0, 10).findIndex((id) => q.right.includes(id));
for (const [half, set] of halves) {
  const answerable = set.filter((q) => q.right.length > 0);
  for (const [name, w] of models.slice(1)) {
    const moved = { g1: 0, l1: 0, g5: 0, l5: 0 };
    for (const q of answerable) {
      const [was, now] = [position(shippedWeights(), q), position(w, q)];
      const [w1, n1, w5, n5] = [was === 0, now === 0, was >= 0 && was < 5, now >= 0 && now < 5];
      if (n1 && !w1) moved.g1++;
      if (w1 && !n1) moved.l1++;
      if (n5 && !w5) moved.g5++;
      if (w5 && !n5) moved.l5++;
    }
    console.log(`${half}, ${name}: first +${moved.g1} / -${moved.l1}, within five +${moved.g5} / -${moved.l5} of ${answerable.length}`);
  }
}

// Time per search at 1,000 tools (the bench's toolsUpTo), interleaved: the shipped search, and it with the features and the model.
const thousand = toolsUpTo(docs, 1_000);
const big = new SearchIndex(thousand);
const bigCounts = fieldCounts(thousand);
const model = models[1]?.[1] ?? shippedWeights();
const pct = (xs: readonly number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
const times = { shipped: { cpu: [] as number[], wall: [] as number[] }, learned: { cpu: [] as number[], wall: [] as number[] } };
for (let round = 0; round < 3; round++) {
  for (const q of queries) {
    for (const which of ['shipped', 'learned'] as const) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      if (which === 'shipped') rankTools(big, q.need, { limit: 5, admit: () => true });
      else reorder(featuresOf(big, bigCounts, q.need), model).slice(0, 5);
      times[which].wall.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      times[which].cpu.push((c.user + c.system) / 1000);
    }
  }
}
console.log('\nat 1,000 tools, interleaved: CPU median / p95, wall median / p95 (ms)');
for (const [name, t] of Object.entries(times)) console.log(`  ${f(pct(t.cpu, 0.5))} / ${f(pct(t.cpu, 0.95))}, ${f(pct(t.wall, 0.5))} / ${f(pct(t.wall, 0.95))}  ${name}`);
