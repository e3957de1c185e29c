import { describe, expect, it } from 'vitest';
import { rowScrollChange } from './stacked-scroll';

// The list's box: 300 px tall at 100 px.
const BOX = { top: 100, height: 300 };

describe('rowScrollChange: how far the list box moves to show the chosen row whole', () => {
  it('moves up to a row cut off at its top, down to one cut off at its bottom', () => {
    expect(rowScrollChange(BOX, { top: 80, height: 40 })).toBe(-20);
    expect(rowScrollChange(BOX, { top: 380, height: 40 })).toBe(20);
  });

  it('leaves a row already in view, and shows the start of one taller than the box', () => {
    expect(rowScrollChange(BOX, { top: 200, height: 40 })).toBe(0);
    expect(rowScrollChange(BOX, { top: 150, height: 400 })).toBe(50);
  });
});
