import { describe, expect, it } from 'vitest';
import { queryTerms } from './search-index';
import { SYNONYM_WEIGHT } from './synonyms';
import { stem } from './tokens';
import { WORDNET_HYPERNYM_WEIGHT, WORDNET_SYNONYM_WEIGHT, wordnetOf } from './wordnet';

const alternativesOf = (need: string, word: string): Map<string, number> => new Map(queryTerms(need).find((q) => q.term === stem(word))?.alternatives ?? []);

describe('WordNet expansion of a need', () => {
  it('links a verb to its synonyms and to the verbs directly above it, as stems, below the word itself', () => {
    const links = new Map(wordnetOf(stem('drive')));
    expect(links.get(stem('motor'))).toBe(WORDNET_SYNONYM_WEIGHT);
    expect(links.get(stem('travel'))).toBe(WORDNET_HYPERNYM_WEIGHT);
    expect(links.has(stem('drive'))).toBe(false);
    expect(WORDNET_SYNONYM_WEIGHT).toBeLessThan(SYNONYM_WEIGHT);
    expect(WORDNET_HYPERNYM_WEIGHT).toBeLessThanOrEqual(WORDNET_SYNONYM_WEIGHT);
  });

  it('knows nothing of words WordNet lacks, nor of names an object inherits', () => {
    expect(wordnetOf('kubectl')).toEqual([]);
    expect(wordnetOf('hasOwnProperty')).toEqual([]);
    expect(wordnetOf('toString')).toEqual([]);
    expect(wordnetOf('__proto__')).toEqual([]);
  });

  it("adds WordNet's words to a need's word, never lowering our own table's weight for one", () => {
    const forget = alternativesOf('forget what you know about Bob', 'forget');
    expect(forget.get(stem('forget'))).toBe(1);
    expect(forget.get(stem('omit'))).toBe(WORDNET_HYPERNYM_WEIGHT);
    // `remove` is in our table's group of `delete` and in WordNet's links of `delete`: our weight stands.
    expect(alternativesOf('delete the page', 'delete').get(stem('remove'))).toBe(SYNONYM_WEIGHT);
  });
});
