import { describe, expect, it } from 'vitest';
import { MAX_TITLE, cutMiddle, cutText, cutTitle } from './cut-text';

describe('cutText', () => {
  it('keeps a text within the bound as it is', () => {
    expect(cutText('short', 5)).toBe('short');
    expect(cutText('😀😀', 2)).toBe('😀😀');
  });

  it('cuts a longer text to max code points, the last an ellipsis', () => {
    expect(cutText('abcdef', 4)).toBe('abc…');
    expect(Array.from(cutText('x'.repeat(300_000), MAX_TITLE))).toHaveLength(MAX_TITLE);
  });

  it('never cuts a surrogate pair in half', () => {
    expect(cutText('😀😀😀😀', 3)).toBe('😀😀…');
  });

  it('cuts a title to MAX_TITLE and leaves undefined alone', () => {
    expect(cutTitle(undefined)).toBeUndefined();
    expect(cutTitle('T'.repeat(300_000))).toBe(`${'T'.repeat(MAX_TITLE - 1)}…`);
  });
});

describe('cutMiddle', () => {
  it('keeps the start and end of a long text around one …, by code points', () => {
    expect(cutMiddle('abcdef', 6)).toBe('abcdef');
    expect(cutMiddle('abcdefgh', 5)).toBe('ab…gh');
    expect(cutMiddle('😀😀😀😀😀😀', 4)).toBe('😀😀…😀');
  });
});
