import { describe, expect, it } from 'vitest';
import { EXPANSION, rankTools, SearchIndex, type ToolDoc } from '.';
import { associatedTerms, corpusTerms, serverPrior } from './expansion';
import { queryTerms } from './search-index';

const tool = (server: string, name: string, description: string): ToolDoc => ({ id: `${server}/${name}`, server, name, description });

// `maps` is about routes and driving; its distance tool's own words do not say "drive". A `notes` tool
// says "drive" once, about a disk. The need's word is in both servers, but maps as a whole is about it.
const DOCS: ToolDoc[] = [
  tool('maps', 'directions', 'Driving directions and the route between two places'),
  tool('maps', 'geocode', 'Find the coordinates of an address; for driving routes'),
  tool('maps', 'distance_matrix', 'Travel distance and time between many origins and destinations'),
  tool('notes', 'backup_notes', 'Back up every note to a drive or folder for travel time'),
  tool('notes', 'list_notes', 'List the notes in a folder'),
  tool('weather', 'forecast', 'Weather forecast for a place'),
];
const index = new SearchIndex(DOCS);
const ids = (need: string, expansion = EXPANSION): string[] => rankTools(index, need, { limit: 5, admit: () => true }, expansion).hits.map((h) => DOCS[h.doc]?.id ?? '');

describe('expansion of a need by the tools own words', () => {
  it('raises a tool whose server as a whole matches the need (the server prior)', () => {
    const prior = serverPrior(index, queryTerms('driving time between places'), 1.5);
    expect(prior('maps')).toBeGreaterThan(prior('notes'));
    expect(prior('maps')).toBe(2.5);
    expect(prior('weather')).toBeLessThan(prior('maps'));
    // Without the prior the notes tool that says "drive" and "time" comes first; with it, the maps tool.
    expect(ids('driving time', {})[0]).toBe('notes/backup_notes');
    expect(ids('driving time')[0]).toBe('maps/distance_matrix');
  });

  it('adds the words that occur in the same tools as the need words, below them', () => {
    const added = associatedTerms(index, queryTerms('driving'), { terms: 1, weight: 0.15, minTools: 2 });
    expect(added.map((q) => q.term)).toEqual(['rout']);
    expect(added[0]?.alternatives).toEqual([['rout', 0.15]]);
    // A word seen in fewer tools than minTools lends nothing.
    expect(associatedTerms(index, queryTerms('driving'), { terms: 1, weight: 0.15, minTools: 3 })).toEqual([]);
  });

  it('adds a corpus table\'s associated words of the need words, the strongest at the weight asked', () => {
    const table = { drive: ['rout', 4, 'distanc', 2, 'disk', 1], commut: ['distanc', 4], constructor: ['x', 9] };
    const added = corpusTerms(queryTerms('driving'), { terms: 2, weight: 0.2, table });
    expect(added.map((q) => [q.term, q.alternatives[0]?.[1]])).toEqual([['rout', 0.2], ['distanc', 0.1]]);
    // Only the `terms` strongest of a word lend; a word the table lacks (or an object's own key) lends nothing.
    expect(corpusTerms(queryTerms('driving'), { terms: 1, weight: 0.2, table }).map((q) => q.term)).toEqual(['rout']);
    expect(corpusTerms(queryTerms('toString weather'), { terms: 2, weight: 0.2, table })).toEqual([]);
    // With it, a need whose word no tool says finds the tool of the word the table links it to.
    expect(ids('my commute', {})).toEqual([]);
    expect(ids('my commute', { corpus: { terms: 1, weight: 0.5, table } })).toEqual(['maps/distance_matrix']);
  });

  it('judges "nothing fits" on the need alone: expansion only reorders', () => {
    for (const need of ['how long to drive, travel time', 'order a pizza', 'weather for a place']) {
      expect(rankTools(index, need, { limit: 5, admit: () => true }).fit).toBe(rankTools(index, need, { limit: 5, admit: () => true }, {}).fit);
    }
  });

  it('never brings in a tool the agent may not call', () => {
    const admit = (doc: number): boolean => DOCS[doc]?.server !== 'maps';
    const found = rankTools(index, 'how long to drive, travel time', { limit: 5, admit }).hits.map((h) => DOCS[h.doc]?.server);
    expect(found.length).toBeGreaterThan(0);
    expect(found).not.toContain('maps');
  });
});
