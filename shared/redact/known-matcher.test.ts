import { describe, expect, it } from 'vitest';
import { KnownMatcher } from './known-matcher';
import { REDACTED, Redactor } from './redactor';

/**
 * The reference: every place each string is at (case aside), as ranges; ranges that overlap are one,
 * each replaced once; ranges side by side stay two.
 */
function naive(strings: string[], text: string): string {
  const lower = text.toLowerCase();
  const ranges: [number, number][] = [];
  for (let at = 0; at < text.length; at++) {
    for (const s of strings) if (lower.startsWith(s.toLowerCase(), at)) ranges.push([at, at + s.length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of ranges) {
    const previous = merged.at(-1);
    if (previous !== undefined && from < previous[1]) previous[1] = Math.max(previous[1], to);
    else merged.push([from, to]);
  }
  let out = '';
  let last = 0;
  for (const [from, to] of merged) {
    out += `${text.slice(last, from)}#`;
    last = to;
  }
  return out + text.slice(last);
}

describe('KnownMatcher', () => {
  it('replaces the union of every place a string is at, like the naive reference, on random text from a small alphabet', () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed % n;
    };
    const word = (min: number, max: number): string => Array.from({ length: min + random(max - min + 1) }, () => 'abc'[random(3)]).join('');
    for (let round = 0; round < 2000; round++) {
      const strings = Array.from({ length: 1 + random(6) }, () => word(6, 10));
      // Strings glued with a piece cut from the next one's start, so that many overlap.
      const piece = (): string => {
        const s = strings[random(strings.length)] ?? '';
        return random(3) === 0 ? s.slice(random(s.length)) : s;
      };
      const text = Array.from({ length: 1 + random(5) }, () => word(0, 12) + (random(3) !== 0 ? piece() + piece() : '')).join('');
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

  it('replaces strings that overlap as one stretch, so no tail of either is left', () => {
    expect(new KnownMatcher(['abcdef12', 'ef12345678']).replace('abcdef12345678', '#')).toBe('#');
    expect(new KnownMatcher(['abcdef12', 'ef12345678']).replace('x abcdef12345678 y', '#')).toBe('x # y');
    // A chain of three, each overlapping the next; the second starts inside the first only.
    expect(new KnownMatcher(['aaaaab', 'aabccc', 'cccddd']).replace('-aaaaabcccddd-', '#')).toBe('-#-');
  });

  it('replaces a string inside another once, and two side by side twice', () => {
    expect(new KnownMatcher(['outer-secret-value', 'secret']).replace('[outer-secret-value]', '#')).toBe('[#]');
    expect(new KnownMatcher(['secret', 'xsecretx']).replace('xsecretx', '#')).toBe('#');
    expect(new KnownMatcher(['abcdef12', 'ghijkl34']).replace('abcdef12ghijkl34', '#')).toBe('##');
  });

  it('hands a replacement function the first string of an overlapping stretch', () => {
    expect(new KnownMatcher(['abcdef12', 'ef12345678']).replace('abcdef12345678', (found) => `<${found}>`)).toBe('<abcdef12>');
  });

  it('leaves nothing of two overlapping vault values in what the redactor hands on', () => {
    const r = new Redactor();
    r.addSecret('abcdef12');
    r.addSecret('ef12345678');
    expect(r.redact('abcdef12345678')).toBe(REDACTED);
    expect(r.removeKnown({ text: 'key abcdef12345678.' })).toEqual({ text: `key ${REDACTED}.` });
  });
});
