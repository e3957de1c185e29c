import { describe, expect, it } from 'vitest';
import { compareNames } from './compare-names';

describe('compareNames', () => {
  it('orders case-folded first, then as written', () => {
    expect(['gamma', 'Beta', 'alpha', 'beta', 'Alpha'].sort(compareNames)).toEqual(['Alpha', 'alpha', 'Beta', 'beta', 'gamma']);
  });

  it('is a total order: equal names only are 0', () => {
    expect(compareNames('a', 'a')).toBe(0);
    expect(compareNames('a', 'A')).toBe(-compareNames('A', 'a'));
    expect(compareNames('svc-1', 'svc-2')).toBeLessThan(0);
  });
});
