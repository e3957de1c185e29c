/**
 * The labelled set of tool search (test/fixtures/tool-search): real tools as listed by MCP servers
 * from npm, and needs as agents phrase them, each with its right tools (none for some). Shared by the
 * recall test and `npm run bench`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ToolDoc } from '../../electron/tool-search';

export interface LabelledQuery {
  kind: 'plain' | 'paraphrase' | 'near-duplicate' | 'none';
  need: string;
  /** `server/tool` of each right answer; empty when no tool fits. */
  right: string[];
}

interface Listed {
  servers: Array<{ name: string; package: string; version: string; tools: Tool[] }>;
}

const FOLDER = new URL('../fixtures/tool-search/', import.meta.url);

export function listedServers(): Listed['servers'] {
  return (JSON.parse(readFileSync(new URL('tools.json', FOLDER), 'utf8')) as Listed).servers;
}

/** Every listed tool as the search sees it, its id `server/tool`. */
export function labelledTools(): ToolDoc[] {
  return listedServers().flatMap((s) =>
    s.tools.map((t) => ({ id: `${s.name}/${t.name}`, server: s.name, name: t.name, title: t.title ?? t.annotations?.title, description: t.description, inputSchema: t.inputSchema })),
  );
}

export function labelledQueries(): LabelledQuery[] {
  return (JSON.parse(readFileSync(new URL('queries.json', FOLDER), 'utf8')) as { queries: LabelledQuery[] }).queries;
}

/** A ranker's answer: ids best first, and whether it said nothing fits (then ids is empty). */
export interface Ranked {
  ids: string[];
  nothingFits: boolean;
}

export interface Scores {
  recallAt1: number;
  recallAt5: number;
  mrrAt10: number;
  /** Of needs with no right tool, the share answered "nothing fits". */
  nothingFitsRate: number;
  /** Of needs with a right tool, the share answered "nothing fits" (right answers lost to the threshold). */
  lostRate: number;
  answerable: number;
  unanswerable: number;
}

/** Recall and MRR over the needs that have a right tool; "nothing fits" over those that have none. */
export function score(queries: readonly LabelledQuery[], rank: (need: string) => Ranked): Scores {
  let at1 = 0;
  let at5 = 0;
  let mrr = 0;
  let said = 0;
  let lost = 0;
  const answerable = queries.filter((q) => q.right.length > 0);
  const unanswerable = queries.filter((q) => q.right.length === 0);
  for (const q of answerable) {
    const ranked = rank(q.need);
    if (ranked.nothingFits) lost++;
    const at = ranked.ids.slice(0, 10).findIndex((id) => q.right.includes(id));
    if (at === 0) at1++;
    if (at >= 0 && at < 5) at5++;
    if (at >= 0) mrr += 1 / (at + 1);
  }
  for (const q of unanswerable) if (rank(q.need).nothingFits) said++;
  const n = Math.max(1, answerable.length);
  return {
    recallAt1: at1 / n,
    recallAt5: at5 / n,
    mrrAt10: mrr / n,
    nothingFitsRate: said / Math.max(1, unanswerable.length),
    lostRate: lost / n,
    answerable: answerable.length,
    unanswerable: unanswerable.length,
  };
}

/**
 * Which half of the set a need is in: `held-out` when the first byte of the SHA-256 of its text is
 * odd, else `tuning`. Fixed by the need's words alone, so adding needs never moves the others.
 * The weights, synonyms and threshold were tuned on the whole set before this split existed; from
 * now on they are tuned on the tuning half only, and the held-out half says how they do on needs
 * they were not fitted to.
 */
export function halfOf(need: string): 'tuning' | 'held-out' {
  return (createHash('sha256').update(need, 'utf8').digest()[0] ?? 0) % 2 === 1 ? 'held-out' : 'tuning';
}

export const KINDS = ['plain', 'paraphrase', 'near-duplicate', 'none'] as const;

export interface SubsetScores {
  kind: LabelledQuery['kind'];
  count: number;
  ours: Scores;
  plain: Scores;
}

/** Ours and plain BM25 on each kind of need: recall for those with a right tool, "nothing fits" for `none`. */
export function bySubset(queries: readonly LabelledQuery[], ours: (need: string) => Ranked, plain: (need: string) => Ranked): SubsetScores[] {
  return KINDS.map((kind) => {
    const subset = queries.filter((q) => q.kind === kind);
    return { kind, count: subset.length, ours: score(subset, ours), plain: score(subset, plain) };
  });
}

/** One line per kind, ours against plain BM25, as the recall test and the bench print them. */
export function subsetLines(rows: readonly SubsetScores[]): string[] {
  const f = (n: number): string => n.toFixed(3);
  return rows.map((r) =>
    r.kind === 'none'
      ? `${r.kind} (${r.count}): nothing fits ${f(r.ours.nothingFitsRate)} vs never`
      : `${r.kind} (${r.count}): r@1 ${f(r.ours.recallAt1)} vs ${f(r.plain.recallAt1)}, r@5 ${f(r.ours.recallAt5)} vs ${f(r.plain.recallAt5)}, MRR@10 ${f(r.ours.mrrAt10)} vs ${f(r.plain.mrrAt10)}, lost to "nothing fits" ${f(r.ours.lostRate)}`,
  );
}

/** The set's tools, and copies of its first ones under another server up to `count`. */
export function toolsUpTo(docs: readonly ToolDoc[], count: number): ToolDoc[] {
  const padded = [...docs];
  for (let i = 0; padded.length < count; i++) {
    const doc = docs[i % docs.length] as ToolDoc;
    padded.push({ ...doc, id: `copy${Math.floor(i / docs.length)}/${doc.id}`, server: `copy-of-${doc.server}` });
  }
  return padded.slice(0, count);
}
