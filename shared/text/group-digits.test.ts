import { describe, expect, it } from 'vitest';
import { groupDigits } from './group-digits';

describe('groupDigits', () => {
  it('groups as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 32_000, 999_999, 1_000_000, 4_194_304, -1234, -999, Number.MAX_SAFE_INTEGER]) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('leaves what is not a safe integer as String writes it', () => {
    expect(groupDigits(1.5)).toBe('1.5');
    expect(groupDigits(Number.NaN)).toBe('NaN');
    expect(groupDigits(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});
