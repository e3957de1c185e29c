import { describe, expect, it } from 'vitest';
import { PrefixTrie } from './prefix-trie';

function trieOf(strings: string[]): PrefixTrie {
  const trie = new PrefixTrie(strings[0] ?? '');
  for (const s of strings.slice(1)) trie.add(s);
  return trie;
}

/** The reference: the longest string at `at`, case aside, by comparing each one. */
function longestNaive(strings: string[], text: string, at: number): string | undefined {
  const fits = strings.filter((s) => text.slice(at, at + s.length).toLowerCase() === s.toLowerCase());
  return fits.sort((a, b) => b.length - a.length)[0];
}

describe('PrefixTrie', () => {
  it('finds the longest string at each place like comparing every string, on random text from a small alphabet', () => {
    let seed = 11;
    const random = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed % n;
    };
    const word = (min: number, max: number): string => Array.from({ length: min + random(max - min + 1) }, () => 'aAb'[random(3)]).join('');
    for (let round = 0; round < 300; round++) {
      const strings = [...new Set(Array.from({ length: 1 + random(8) }, () => word(1, 9).toLowerCase()))];
      const trie = trieOf(strings);
      const text = word(0, 14) + (strings[random(strings.length)] ?? '') + word(0, 4);
      for (let at = 0; at < text.length; at++) {
        expect(trie.longestAt(text, at), `${JSON.stringify(strings)} at ${at} of ${text}`).toBe(longestNaive(strings, text, at));
      }
    }
  });

  it('hands back the string as it was added, whatever the text\'s case', () => {
    expect(trieOf(['Token-One', 'token-two']).longestAt('xTOKEN-TWOx', 1)).toBe('token-two');
    expect(trieOf(['Token-One', 'token-two']).longestAt('xtoken-onex', 1)).toBe('Token-One');
  });

  it('costs the shared prefix once, not once per string: twenty tokens of one public prefix', () => {
    const tokens = Array.from({ length: 20 }, (_, i) => `github_pat_${String(i).padStart(2, '0')}${'x'.repeat(70)}`);
    const trie = trieOf(tokens);
    const text = 'github_pat_'.repeat(4);
    expect(trie.longestAt(text, 0)).toBeUndefined();
    // Compared once each: the prefix, then no branch for its next character.
    expect(trie.lastSteps).toBeLessThanOrEqual('github_pat_'.length + 1);
    expect(trie.longestAt(`${tokens[7]}!`, 0)).toBe(tokens[7]);
  });

  it('lists every string added, as added, and knows the longest one\'s length', () => {
    const trie = trieOf(['Token-One', 'token-two', 'token', 'other-one-longer']);
    expect(trie.strings().sort()).toEqual(['Token-One', 'other-one-longer', 'token', 'token-two']);
    expect(trie.maxLength).toBe('other-one-longer'.length);
  });

  it('holds strings that agree for tens of thousands of code units without running out of stack', () => {
    const long = 'k'.repeat(64 * 1024);
    const strings = [`${long}A`, `${long}b`, long.toUpperCase(), `${long.slice(0, 10_000)}z`];
    const trie = trieOf(strings);
    expect(trie.strings()).toHaveLength(4);
    expect(trie.longestAt(`${long}a`, 0)).toBe(`${long}A`);
    expect(trie.longestAt(`x${long}b!`, 1)).toBe(`${long}b`);
    expect(trie.longestAt(`${long.slice(0, 10_000)}Z`, 0)).toBe(`${long.slice(0, 10_000)}z`);
  });
});
