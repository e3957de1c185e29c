import { describe, expect, it } from 'vitest';
import { KnownMatcher } from './known-matcher';

/** The reference: one alternation, longest first. */
function naive(strings: string[], text: string): string {
  const sorted = [...strings].sort((a, b) => b.length - a.length).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return text.replace(new RegExp(sorted.join('|'), 'g'), '#');
}

describe('KnownMatcher', () => {
  it('replaces like a longest-first alternation, on random text from a small alphabet', () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed % n;
    };
    const word = (min: number, max: number): string => Array.from({ length: min + random(max - min + 1) }, () => 'abc'[random(3)]).join('');
    for (let round = 0; round < 300; round++) {
      const strings = Array.from({ length: 1 + random(6) }, () => word(6, 10));
      const text = Array.from({ length: 1 + random(5) }, () => word(0, 12) + (random(2) === 0 ? strings[random(strings.length)] : '')).join('');
      expect(new KnownMatcher(strings).replace(text, '#'), `${JSON.stringify(strings)} in ${text}`).toBe(naive(strings, text));
    }
  });

  it('leaves text alone without strings, and finds one at the very start and end', () => {
    expect(new KnownMatcher([]).replace('secret-value', '#')).toBe('secret-value');
    expect(new KnownMatcher(['secret-value']).replace('secret-value', '#')).toBe('#');
    expect(new KnownMatcher(['secret-value']).replace('xx secret-value', '#')).toBe('xx #');
  });

  it('ignores case, ASCII and beyond, and hands a replacement the string as it was added', () => {
    expect(new KnownMatcher(['Secret-Välue']).replace('a SECRET-VÄLUE b sEcReT-vÄlUe', (found) => `<${found}>`)).toBe('a <Secret-Välue> b <Secret-Välue>');
    expect(new KnownMatcher(['%5cback%2f']).replace('x%5Cback%2Fy', '#')).toBe('x#y');
  });

  it('folds each code unit as toLowerCase does when it is first met: one unit lowered, two kept as they are', () => {
    // Σ lowers to σ; İ lowers to two code units (i and a dot), so it stays itself; a lone surrogate is itself.
    expect(new KnownMatcher(['ΣΣΣΣΣΣ']).replace('x σσσσσσ y', '#')).toBe('x # y');
    expect(new KnownMatcher(['İİİİİİ']).replace('iiiiii İİİİİİ', '#')).toBe('iiiiii #');
    expect(new KnownMatcher(['\ud83d\ude00ab\ud83d\ude00cd']).replace('-\ud83d\ude00AB\ud83d\ude00CD-', '#')).toBe('-#-');
  });
});
