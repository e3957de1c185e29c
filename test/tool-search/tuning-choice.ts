/**
 * How every candidate of tool search is chosen (docs/tool-search.md): on the tuning half only, by recall at
 * 1 and 5 of all its needs and of its paraphrases, and only where "nothing fits" stays ≥ 60% losing ≤ 3%.
 */
import { score, type LabelledQuery, type Ranked } from '../support/tool-search-set';

/** The objective on the tuning half; -1 where "nothing fits" says too little or loses too much. */
export function tuningObjective(tuning: readonly LabelledQuery[], rank: (need: string) => Ranked): number {
  const all = score(tuning, rank);
  const para = score(tuning.filter((q) => q.kind === 'paraphrase'), rank);
  if (all.nothingFitsRate < 0.6 || all.lostRate > 0.03) return -1;
  return para.recallAt5 + para.recallAt1 + all.recallAt1 + all.recallAt5;
}

/** The best of a grid by `objective`; ties go to the first (the smallest change). */
export function bestOf<T>(grid: readonly T[], objective: (candidate: T) => number, fallback: T): T {
  let chosen = grid[0] ?? fallback;
  let value = -Infinity;
  for (const c of grid) {
    const v = objective(c);
    if (v > value) [chosen, value] = [c, v];
  }
  return chosen;
}

/** The header of the per-kind lines `kindLine` prints. */
export const KIND_HEADER = 'all r@1 / r@5 / MRR@10 | paraphrase r@1 / r@5 / MRR@10, lost | plain r@1 / r@5 | near-dup r@1 / r@5 | "nothing fits" for none, lost';

/** One ranking's figures on a set of needs, by kind of need, as the candidate scripts print them. */
export function kindLine(set: readonly LabelledQuery[], rank: (need: string) => Ranked): string {
  const f = (n: number): string => n.toFixed(3);
  const all = score(set, rank);
  const kind = (k: LabelledQuery['kind']) => score(set.filter((q) => q.kind === k), rank);
  const [para, plain, near] = [kind('paraphrase'), kind('plain'), kind('near-duplicate')];
  return `${f(all.recallAt1)} / ${f(all.recallAt5)} / ${f(all.mrrAt10)} | ${f(para.recallAt1)} / ${f(para.recallAt5)} / ${f(para.mrrAt10)}, ${f(para.lostRate)} | ${f(plain.recallAt1)} / ${f(plain.recallAt5)} | ${f(near.recallAt1)} / ${f(near.recallAt5)} | ${f(all.nothingFitsRate)}, ${f(all.lostRate)}`;
}
