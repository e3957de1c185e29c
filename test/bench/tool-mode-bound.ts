/**
 * What `auto`'s bound (AUTO_SEARCH_TOOLS, AUTO_SEARCH_TOKENS) is chosen on: for agents given whole
 * servers of the labelled set, drawn at random until they hold about N tools, the tokens their `all`
 * listing costs (estimated as the bridge does) and how often search mode finds the right tool among
 * just those tools (recall@1 and @5; as in the bridge, one index holds every tool and the agent's
 * search admits only its own).
 */
import { SearchIndex, searchTools } from '../../electron/tool-search';

import { estimatedTokens } from '../../electron/bridge/tool-mode';
import { labelledQueries, labelledTools, listedServers } from '../support/tool-search-set';
import { spread, type Row } from './report';

const SIZES = [10, 20, 40, 80, 160, 320] as const;

/** Mulberry32: a fixed seed, so every run draws the same servers. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface BoundPoint {
  size: number;
  tools: number;
  tokens: number;
  needs: number;
  recallAt1: number;
  recallAt5: number;
}

export function measureBound(draws = 30): BoundPoint[] {
  const servers = listedServers();
  const queries = labelledQueries().filter((q) => q.right.length > 0);
  const all = labelledTools();
  const index = new SearchIndex(all);
  const next = random(32);
  return SIZES.map((size) => {
    let [tools, tokens, needs, at1, at5] = [0, 0, 0, 0, 0];
    for (let draw = 0; draw < draws; draw++) {
      const order = servers.map((s) => ({ s, key: next() })).sort((a, b) => a.key - b.key);
      const chosen: typeof servers = [];
      let count = 0;
      // Whole servers, as agents are given them, while they stay within a quarter over the size.
      for (const { s } of order) {
        if (count >= size * 0.9 || count + s.tools.length > size * 1.25) continue;
        chosen.push(s);
        count += s.tools.length;
      }
      const listing = chosen.flatMap((s) => s.tools.map((t) => ({ ...t, name: `${s.name}__${t.name}` })));
      tools += listing.length;
      tokens += estimatedTokens(listing);
      const names = new Set(chosen.map((s) => s.name));
      for (const q of queries) {
        if (!q.right.some((r) => names.has(r.split('/')[0] ?? ''))) continue;
        needs++;
        const found = searchTools(index, q.need, { limit: 5, admit: (doc) => names.has(all[doc]?.server ?? '') }).hits.map((h) => all[h.doc]?.id ?? '');
        const at = found.findIndex((id) => q.right.includes(id));
        if (at === 0) at1++;
        if (at >= 0) at5++;
      }
    }
    return { size, tools: tools / draws, tokens: tokens / draws, needs, recallAt1: at1 / Math.max(1, needs), recallAt5: at5 / Math.max(1, needs) };
  });
}

/** As bench rows: info only (the bound is a choice; docs/tool-search.md says how it was made). */
export function benchToolModeBound(options: { draws: number }): Row[] {
  return measureBound(options.draws).map((p) => ({
    key: `auto-bound-${p.size}`,
    what: `an agent given about ${p.size} tools (whole servers, ${options.draws} draws): the tokens of its all listing, against the tools it holds; figure: search mode's recall@5 among them`,
    unit: '',
    ours: spread([p.tokens]),
    baseline: spread([p.tools]),
    baselineLabel: 'tools held (mean)',
    figure: spread([p.recallAt5]),
    figureUnit: 'recall@5',
    target: '',
    status: 'info' as const,
    note: `recall@1 ${p.recallAt1.toFixed(2)}, recall@5 ${p.recallAt5.toFixed(2)} over ${p.needs} needs; ${Math.round(p.tokens / Math.max(1, p.tools))} tokens a tool`,
  }));
}
