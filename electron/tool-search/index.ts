/** Tool search (issue #32): a lexical index over tools' own words, the ranking, and "nothing fits". */
export { SearchIndex } from './search-index';
export { rankTools, searchTools, EXPANSION, REFINEMENTS, MAX_LIMIT, NOTHING_FITS_BELOW, type Hit, type Ranking, type SearchAnswer, type SearchOptions } from './rank';
export type { ToolDoc } from './tool-doc';
export { words, terms } from './tokens';
export type { ExpansionSettings } from './expansion';
export type { Refinements } from './refine';
export type { SubwordSettings } from './subwords';
export type { ServiceNameSettings } from './service-names';
