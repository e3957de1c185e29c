import { needActions, type Action } from './actions';
import { associatedTerms, corpusTerms, feedbackTerms, serverPrior, type ExpansionSettings } from './expansion';
import { refiner, type Refinements } from './refine';
import { queryTerms, type Scored, type SearchIndex } from './search-index';
import { serviceNameTerms, servicesNamed } from './service-names';
import { subwordTerms } from './subwords';

export interface SearchOptions {
  /** How many tools at most (1..MAX_LIMIT). */
  limit: number;
  /** Only tools this returns true for (the agent's own: what it may call). */
  admit: (doc: number) => boolean;
  /** How often this tool was used before: by the agent, by the person (usage-counts.ts). */
  used?: (doc: number) => { agent: number; person: number };
}

export interface Hit {
  doc: number;
  score: number;
  coverage: number;
}

export interface SearchAnswer {
  hits: Hit[];
  /** True when even the best tool matched too little of the need to be offered. */
  nothingFits: boolean;
}

export const MAX_LIMIT = 20;
/**
 * "Nothing fits" when the best of the first three tools fits less than this: its fit is its score
 * (in units of the index's largest idf, so the same for 30 tools or 3,000) times the share of the
 * need's weight it matched. Chosen on the labelled set so that at most 3% of needs that have a
 * right tool lose it (npm run bench prints both rates).
 */
export const NOTHING_FITS_BELOW = 0.18;
/** The k-th tool of one server already chosen scores DIVERSITY^k of its own: others come up. */
const DIVERSITY = 0.88;
/** A tool whose own name the need spells out scores up to this much more. */
const NAME_BONUS = 0.35;

/** A tool of a service the need names ("… in Bitbucket") scores this much more: naming it is the clearest intent. */
const SERVER_NAMED = 0.3;

/** A tool whose name's kind of action is what the need asks scores this much more; another kind, this much less. */
const ACTION_AGREES = 0.25;
const ACTION_DIFFERS = 0.2;

function actionFactor(asked: ReadonlySet<Action>, tool: Action | undefined): number {
  if (asked.size === 0 || tool === undefined) return 1;
  return asked.has(tool) ? 1 + ACTION_AGREES : 1 - ACTION_DIFFERS;
}

function usageBoost(used: { agent: number; person: number } | undefined): number {
  if (used === undefined) return 1;
  return Math.min(1.5, 1 + 0.08 * Math.log2(1 + used.agent) + 0.04 * Math.log2(1 + used.person));
}

/** Chosen greedily: each pick lowers the rest of its server, unless the need names that server. */
function diverse<T extends Scored>(scored: T[], index: SearchIndex, limit: number, namedServers: ReadonlySet<string>): T[] {
  const pool = scored.sort((a, b) => b.score - a.score).slice(0, limit * 6);
  const picked: T[] = [];
  const perServer = new Map<string, number>();
  while (picked.length < limit && pool.length > 0) {
    let bestAt = 0;
    let bestValue = -Infinity;
    pool.forEach((s, i) => {
      const server = index.docs[s.doc]?.server ?? '';
      const value = namedServers.has(server) ? s.score : s.score * DIVERSITY ** (perServer.get(server) ?? 0);
      if (value > bestValue) [bestAt, bestValue] = [i, value];
    });
    const [chosen] = pool.splice(bestAt, 1);
    if (chosen === undefined) break;
    const server = index.docs[chosen.doc]?.server ?? '';
    perServer.set(server, (perServer.get(server) ?? 0) + 1);
    picked.push(chosen);
  }
  return picked;
}

/** The ranking before "nothing fits" is judged: the hits, and how well the best of the first three fits. */
export interface Ranking {
  hits: Hit[];
  /** Score (in units of the index's largest idf) times the share of the need's weight matched; 0 for no words. */
  fit: number;
}

/**
 * The second pass (expansion.ts): each tool raised by up to 1.5× by how well its server's words match
 * the need, and the need's words' strongest associated word at up to 0.15. Chosen on the tuning half;
 * on the held-out half paraphrased needs went from r@1 0.622 / r@5 0.797 to 0.649 / 0.851
 * (docs/tool-search.md, "Lexical expansion"). No `subwords` (subwords.ts): measured and left out. A service
 * is named by its whole name or a word of a name in parts, but not by a common word (COMMON_PARTS) or a word of
 * three or more servers' names alone, and its name's terms are not lent (weight 0): docs/tool-search.md,
 * "Service names joined …" and "Names a service: …".
 */
export const EXPANSION: ExpansionSettings = {
  server: { weight: 1.5 },
  association: { terms: 1, weight: 0.15, minTools: 3 },
  serviceNames: { weight: 0, parts: true, sharedPart: 3, commonParts: true },
};

/**
 * None: term proximity, the name's object and its verb by kind, measured on the tuning half and (the best,
 * proximity) once on the held-out half, did not carry over (docs/tool-search.md, "Proximity, …"). Kept for measuring.
 */
export const REFINEMENTS: Refinements = {};

/** The best tools for a need in words, before the threshold: BM25F, then name cover and use before, then diversity. */

export function rankTools(index: SearchIndex, need: string, options: SearchOptions, expansion: ExpansionSettings = EXPANSION, refinements: Refinements = REFINEMENTS): Ranking {
  const query = queryTerms(need);
  if (query.length === 0) return { hits: [], fit: 0 };
  const asked = needActions(need);
  const refine = refiner(index, query, asked, refinements, NAME_BONUS);
  const subwords = expansion.subwords === undefined ? { terms: [], joined: [] } : subwordTerms(index, need, query, expansion.subwords);
  // A service named by its whole name however it is written ("GitHub" read as git hub, "pagerduty" for PagerDuty), never by a part of it.
  const named = servicesNamed(index, need, expansion.serviceNames);
  const weigh = (found: Scored[], nameCover: (s: Scored) => number, prior: (server: string) => number = () => 1) =>
    found.map((s) => {
      const cover = nameCover(s);
      const matched = s.score * (1 + NAME_BONUS * cover);
      const serverName = index.docs[s.doc]?.server ?? '';
      // "Nothing fits" is judged on how well the words match (`matched`), the order on what the need asks done and use before too.
      const server = (named.has(serverName) ? 1 + SERVER_NAMED : 1) * prior(serverName);
      // A literal, not a spread: a spread adding a field made every search twice as slow (V8 object shapes).
      return { doc: s.doc, coverage: s.coverage, nameCover: s.nameCover, matched, score: matched * server * actionFactor(asked, index.actions[s.doc]) * usageBoost(options.used?.(s.doc)) * refine(s.doc, cover) };
    });
  const limit = Math.max(1, Math.min(MAX_LIMIT, Math.floor(options.limit)));
  const first = weigh(index.score(query, options.admit), (s) => s.nameCover);
  const firstPicked = diverse(first, index, limit, named);
  // The fit is the first pass's: expansion reorders, it never makes a need look answerable.
  const fit = Math.max(0, ...firstPicked.slice(0, 3).map((p) => (p.matched / index.maxIdf()) * p.coverage));
  const extra = [
    ...(expansion.feedback === undefined ? [] : feedbackTerms(index, query, first, expansion.feedback)),
    ...(expansion.association === undefined ? [] : associatedTerms(index, query, expansion.association)),
    ...(expansion.corpus === undefined ? [] : corpusTerms(query, expansion.corpus)),
    ...subwords.terms,
    ...(expansion.serviceNames === undefined ? [] : serviceNameTerms(named, query, expansion.serviceNames)),
  ];
  let picked = firstPicked;
  if (extra.length > 0 || expansion.server !== undefined) {
    // The second pass: the need's words and the expansion's; name cover stays the need's own words'.
    const covers = new Map(first.map((s) => [s.doc, s.nameCover]));
    const prior = expansion.server === undefined ? undefined : serverPrior(index, query, expansion.server.weight);
    picked = diverse(weigh(index.score([...query, ...extra], options.admit), (s) => covers.get(s.doc) ?? 0, prior), index, limit, named);
  }
  return { hits: picked.map((p) => ({ doc: p.doc, score: p.score, coverage: p.coverage })), fit };
}

/** The best tools for a need in words, or "nothing fits" when the best of them fits below the threshold. */
export function searchTools(index: SearchIndex, need: string, options: SearchOptions): SearchAnswer {
  const { hits, fit } = rankTools(index, need, options);
  return fit < NOTHING_FITS_BELOW ? { hits: [], nothingFits: true } : { hits, nothingFits: false };
}
