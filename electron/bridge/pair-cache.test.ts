import { describe, expect, it } from 'vitest';
import { PairCache } from './pair-cache';

describe('PairCache', () => {
  it('finds a value only under the same two objects', () => {
    const cache = new PairCache<object, object, string>();
    const index = {};
    const agent = {};
    expect(cache.get(index, agent)).toBeUndefined();
    expect(cache.set(index, agent, 'listing')).toBe('listing');
    expect(cache.get(index, agent)).toBe('listing');
    // A replaced index or agent record (equal in content) is a new key: nothing stale is found.
    expect(cache.get({}, agent)).toBeUndefined();
    expect(cache.get(index, {})).toBeUndefined();
  });

  it('keeps each agent apart under one index, and a later set replaces', () => {
    const cache = new PairCache<object, object, number>();
    const index = {};
    const first = {};
    const second = {};
    cache.set(index, first, 1);
    cache.set(index, second, 2);
    cache.set(index, first, 3);
    expect(cache.get(index, first)).toBe(3);
    expect(cache.get(index, second)).toBe(2);
  });
});
