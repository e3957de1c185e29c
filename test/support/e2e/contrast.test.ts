import { describe, expect, it } from 'vitest';
import { contrastRatio, parseColor, relativeLuminance } from './contrast';

const rgb = (css: string) => {
  const c = parseColor(css);
  if (!c) throw new Error(`unparsed ${css}`);
  return c;
};

describe('WCAG contrast', () => {
  it('matches the reference values', () => {
    expect(relativeLuminance(rgb('rgb(255, 255, 255)'))).toBeCloseTo(1, 5);
    expect(relativeLuminance(rgb('rgb(0, 0, 0)'))).toBe(0);
    expect(contrastRatio(rgb('rgb(0, 0, 0)'), rgb('rgb(255, 255, 255)'))).toBeCloseTo(21, 5);
    // #767676 on white is the classic smallest AA-passing grey.
    expect(contrastRatio(rgb('rgb(118, 118, 118)'), rgb('rgb(255, 255, 255)'))).toBeCloseTo(4.54, 2);
    expect(contrastRatio(rgb('rgb(255, 255, 255)'), rgb('rgb(118, 118, 118)'))).toBeCloseTo(4.54, 2);
  });

  it('blends a translucent foreground over its background', () => {
    expect(contrastRatio(rgb('rgba(0, 0, 0, 0)'), rgb('rgb(255, 255, 255)'))).toBeCloseTo(1, 5);
    expect(parseColor('rgb(1 2 3 / 50%)')).toEqual({ r: 1, g: 2, b: 3, a: 0.5 });
    expect(parseColor('color(display-p3 1 0 0)')).toBeNull();
  });
});
