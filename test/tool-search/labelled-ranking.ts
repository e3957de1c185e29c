/**
 * The labelled set split in its two halves and ranked as the product ranks it, for the candidate scripts
 * that compare expansion settings (issue #32; docs/tool-search.md).
 */
import { NOTHING_FITS_BELOW, rankTools, SearchIndex, type ExpansionSettings } from '../../electron/tool-search';
import { halfOf, labelledQueries, labelledTools, type Ranked } from '../support/tool-search-set';
import { tuningObjective } from './tuning-choice';

export const docs = labelledTools();
export const queries = labelledQueries();
export const index = new SearchIndex(docs);
export const tuning = queries.filter((q) => halfOf(q.need) === 'tuning');
export const heldOut = queries.filter((q) => halfOf(q.need) === 'held-out');

/** The first ten tools for a need with these settings, or "nothing fits" as the product judges it. */
export const ranker = (expansion: ExpansionSettings) => (need: string): Ranked => {
  const r = rankTools(index, need, { limit: 10, admit: () => true }, expansion);
  return r.fit < NOTHING_FITS_BELOW ? { ids: [], nothingFits: true } : { ids: r.hits.map((h) => docs[h.doc]?.id ?? ''), nothingFits: false };
};

/** The tuning half's objective (tuning-choice.ts) for these settings. */
export const objective = (e: ExpansionSettings): number => tuningObjective(tuning, ranker(e));
