import { describe, expect, it } from 'vitest';
import { wholeNumber } from './whole-number';

describe('wholeNumber', () => {
  it('reads decimal digits, spaces around them allowed', () => {
    expect(wholeNumber('120000')).toBe(120_000);
    expect(wholeNumber(' 50 ')).toBe(50);
    expect(wholeNumber('0')).toBe(0);
  });

  it('refuses what Number() would read but no one types for a count or a time', () => {
    for (const text of ['1e3', '0x200', '0b1', '0o7', '1.0', '+5', '-5', '', ' ', '1_000', 'Infinity', '99999999999999999']) {
      expect(wholeNumber(text), text).toBeUndefined();
    }
  });
});
