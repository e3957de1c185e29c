import { describe, expect, it } from 'vitest';
import { firstKnown } from './first-known';

describe('firstKnown', () => {
  it('reads each string of an array at most twice: alone and in its run of adjacent strings or text items', () => {
    let read = 0;
    const first = (text: string): undefined => {
      read += text.length;
      return undefined;
    };
    const strings = Array.from({ length: 5_000 }, (_, i) => `part-${i}`);
    const items = strings.map((text) => ({ type: 'text', text }));
    const length = strings.join('').length;
    expect(firstKnown({ strings, items }, first, 256)).toBeUndefined();
    // Besides: each item's keys and its `type`, and the two keys outside.
    expect(read).toBe(4 * length + items.length * 'typetexttext'.length + 'stringsitems'.length);
  });

  it('gives what the concatenation of a run holds, and stops at the depth bound', () => {
    const first = (text: string): string | undefined => (text.includes('abcdef') ? 'abcdef' : undefined);
    expect(firstKnown({ a: [1, 'ab', 'cdef'] }, first, 256)).toBe('abcdef');
    expect(firstKnown([{ type: 'text', text: 'abc' }, { type: 'text', text: 'def' }], first, 256)).toBe('abcdef');
    expect(firstKnown(['ab', { type: 'text', text: 'cdef' }], first, 256)).toBeUndefined();
    expect(firstKnown({ a: { b: ['abc', 'def'] } }, first, 1)).toBeUndefined();
    expect(firstKnown({ a: { b: ['abc', 'def'] } }, first, 2)).toBe('abcdef');
  });
});
