import { describe, expect, it } from 'vitest';
import { columnWidth, cutToColumns, isWide, padColumns } from './column-width';

describe('columnWidth', () => {
  it('counts East Asian Wide and Fullwidth characters as two columns', () => {
    expect(columnWidth('abc')).toBe(3);
    expect(columnWidth('日本語')).toBe(6);
    expect(columnWidth('한국')).toBe(4);
    expect(columnWidth('ひらがな')).toBe(8);
    // Fullwidth forms are two, halfwidth katakana one.
    expect(columnWidth('ＡＢ')).toBe(4);
    expect(columnWidth('ｱｲ')).toBe(2);
    expect(columnWidth('\u3000')).toBe(2);
    // Emoji with emoji presentation, in and outside the BMP.
    expect(columnWidth('⌚')).toBe(2);
    expect(columnWidth('😀')).toBe(2);
    expect(columnWidth('🚀x')).toBe(3);
  });

  it('counts other characters as one, outside the BMP too', () => {
    expect(columnWidth('é')).toBe(1);
    expect(columnWidth('Ω')).toBe(1);
    expect(columnWidth('𝐀')).toBe(1);
    expect(columnWidth('')).toBe(0);
  });

  it("holds each range's ends and not the code points around them", () => {
    expect([0x10ff, 0x1100, 0x115f, 0x1160].map(isWide)).toEqual([false, true, true, false]);
    expect([0xabff, 0xac00, 0xd7a3, 0xd7a4].map(isWide)).toEqual([false, true, true, false]);
    expect([0x1f64f, 0x1f650].map(isWide)).toEqual([true, false]);
    expect([0x20000, 0x2fffd, 0x2fffe, 0x30000, 0x3fffd, 0x3fffe].map(isWide)).toEqual([true, true, false, true, true, false]);
    expect([0, 0x7f, 0x10ffff].map(isWide)).toEqual([false, false, false]);
  });

  it('pads to a number of columns', () => {
    expect(padColumns('日本', 6)).toBe('日本  ');
    expect(padColumns('abc', 2)).toBe('abc');
  });
});

describe('cutToColumns', () => {
  it('keeps a text within the columns whole', () => {
    expect(cutToColumns('abc', 3)).toBe('abc');
    expect(cutToColumns('日本語', 6)).toBe('日本語');
    expect(cutToColumns('', 0)).toBe('');
  });

  it('cuts by columns, a wide character taking two, and never past them with the `…`', () => {
    expect(cutToColumns('abcdef', 4)).toBe('abc…');
    // Three of four columns hold one wide character and no half of the next.
    expect(cutToColumns('日本語', 4)).toBe('日…');
    expect(cutToColumns('日本語', 5)).toBe('日本…');
    expect(cutToColumns('a😀😀😀', 5)).toBe('a😀…');
    expect(cutToColumns('😀😀😀', 4)).toBe('😀…');
    const cut = cutToColumns('漢'.repeat(200), 64);
    expect(cut).toBe(`${'漢'.repeat(31)}…`);
    expect(columnWidth(cut)).toBeLessThanOrEqual(64);
  });

  it('keeps a character outside the BMP whole', () => {
    expect(cutToColumns('𝐀𝐀𝐀', 3)).toBe('𝐀𝐀𝐀');
    expect(cutToColumns('𝐀𝐀𝐀𝐀', 3)).toBe('𝐀𝐀…');
  });
});
