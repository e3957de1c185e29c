import { describe, expect, it } from 'vitest';
import { roomForRow, rowScrollChange } from './stacked-scroll';

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

  // A fractional move left 0.4 px of the row's border outside the box.
  it('rounds outward: a whole pixel more, never a fraction short', () => {
    expect(rowScrollChange(BOX, { top: 79.6, height: 40 })).toBe(-21);
    expect(rowScrollChange(BOX, { top: 380.4, height: 40 })).toBe(21);
    expect(rowScrollChange({ top: 100.4, height: 300 }, { top: 90, height: 40 })).toBe(-11);
  });
});

describe('roomForRow: where the page stops when it brings the details to the top', () => {
  it('keeps the chosen row above the heading at the window top, not past it', () => {
    expect(roomForRow(700, 120)).toBe(580);
    expect(roomForRow(700.2, 120)).toBe(581);
  });

  it('leaves no room when no row is above the heading', () => {
    expect(roomForRow(100, 300)).toBe(0);
  });
});
