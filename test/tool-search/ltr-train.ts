/**
 * Two learners of a linear ranking over ltr-features.ts's features, trained on the tuning half only,
 * deterministically (no randomness: fixed orders, fixed steps, fixed iterations).
 */
import { FEATURES, reorder, type Features } from './ltr-features';

export interface Example {
  kind: string;
  right: ReadonlySet<number>;
  features: Features;
}

/** Where the first right tool is in the model's order, -1 when not among the candidates or "nothing fits". */
function at(e: Example, w: Float64Array): number {
  if (e.features.nothingFits) return -1;
  return reorder(e.features, w).slice(0, 10).findIndex((d) => e.right.has(d));
}

/**
 * The objective the earlier candidates were chosen by (test/tool-search/lexical-candidates.ts): recall at
 * 1 and 5 of every need and of the paraphrases; MRR@10 at a tenth breaks ties. "Nothing fits" is the
 * shipped first pass's, which no reordering changes.
 */
export function objective(examples: readonly Example[], w: Float64Array): number {
  let [a1, a5, p1, p5, mrr, n, np] = [0, 0, 0, 0, 0, 0, 0];
  for (const e of examples) {
    if (e.right.size === 0) continue;
    const k = at(e, w);
    const para = e.kind === 'paraphrase';
    n++;
    if (para) np++;
    if (k === 0) [a1, p1] = [a1 + 1, p1 + (para ? 1 : 0)];
    if (k >= 0 && k < 5) [a5, p5] = [a5 + 1, p5 + (para ? 1 : 0)];
    if (k >= 0) mrr += 1 / (k + 1);
  }
  return (a1 + a5) / Math.max(1, n) + (p1 + p5) / Math.max(1, np) + (0.1 * mrr) / Math.max(1, n);
}

/** The shipped order: the `shipped` feature alone. */
export function shippedWeights(): Float64Array {
  const w = new Float64Array(FEATURES.length);
  w[0] = 1;
  return w;
}

const STEPS = [-1, -0.5, -0.25, -0.1, -0.05, 0.05, 0.1, 0.25, 0.5, 1];

/**
 * Coordinate ascent (Metzler & Croft, "Linear feature-based models for information retrieval", 2007),
 * on the objective itself: from the shipped order, each feature's weight in turn moved by the step that
 * raises the objective most, until a whole pass raises nothing. The shipped feature stays at 1 (the scale).
 */
export function coordinateAscent(examples: readonly Example[], passes = 10, steps: readonly number[] = STEPS, only?: ReadonlySet<string>): Float64Array {
  const w = shippedWeights();
  let value = objective(examples, w);
  for (let pass = 0; pass < passes; pass++) {
    let moved = false;
    for (let j = 1; j < FEATURES.length; j++) {
      if (only !== undefined && !only.has(FEATURES[j] ?? '')) continue;
      const start = w[j] ?? 0;
      let [bestStep, bestValue] = [0, value];
      for (const step of steps) {
        w[j] = start + step;
        const v = objective(examples, w);
        // Strictly better by more than rounding: ties keep the smaller change, so the result is the same on every machine.
        if (v > bestValue + 1e-9) [bestStep, bestValue] = [step, v];
      }
      w[j] = start + bestStep;
      if (bestStep !== 0) [moved, value] = [true, bestValue];
    }
    if (!moved) break;
  }
  return w;
}

/**
 * Pairwise logistic regression (RankNet's loss with a linear model; Burges et al. 2005): each right
 * candidate against each wrong one of the same need, P(right above) = σ(w·(x_right − x_wrong)), L2 λ,
 * full-batch gradient descent from the shipped weights for a fixed number of steps.
 */
export function pairwiseLogistic(examples: readonly Example[], lambda = 0.01, rate = 0.5, steps = 400): Float64Array {
  const pairs: Float64Array[] = [];
  for (const e of examples) {
    const cands = e.features.candidates;
    for (const r of cands) {
      if (!e.right.has(r.doc)) continue;
      for (const c of cands) if (!e.right.has(c.doc)) pairs.push(r.x.map((v, j) => v - (c.x[j] ?? 0)));
    }
  }
  const w = shippedWeights();
  const prior = shippedWeights();
  for (let step = 0; step < steps; step++) {
    const grad = new Float64Array(w.length);
    for (const d of pairs) {
      let z = 0;
      for (let j = 0; j < w.length; j++) z += (w[j] ?? 0) * (d[j] ?? 0);
      const g = -1 / (1 + Math.exp(z));
      for (let j = 0; j < w.length; j++) grad[j] = (grad[j] ?? 0) + (g * (d[j] ?? 0)) / Math.max(1, pairs.length);
    }
    for (let j = 0; j < w.length; j++) w[j] = (w[j] ?? 0) - rate * ((grad[j] ?? 0) + lambda * ((w[j] ?? 0) - (prior[j] ?? 0)));
  }
  return w;
}
