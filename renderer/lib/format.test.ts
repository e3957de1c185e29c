import { describe, expect, it } from 'vitest';
import { clockText, expiryText, humanDuration, relativeTime } from './format';

describe('format', () => {
  it('writes durations calmly', () => {
    expect(humanDuration(4_000)).toBe('4 s');
    expect(humanDuration(5 * 60_000)).toBe('5 min');
    expect(humanDuration(2 * 3_600_000 + 5 * 60_000)).toBe('2 h 5 min');
    expect(humanDuration(3 * 86_400_000)).toBe('3 days');
  });

  it('says which side of now a time is', () => {
    expect(relativeTime(1_000 + 120_000, 1_000)).toBe('in 2 min');
    expect(relativeTime(1_000, 1_000 + 120_000)).toBe('2 min ago');
    expect(expiryText(10 + 3_600_000, 10)).toBe('token expires in 1 h');
    expect(expiryText(10, 10 + 60_000)).toBe('token expired 1 min ago');
  });

  it('counts down as m:ss and never below zero', () => {
    expect(clockText(125_000)).toBe('2:05');
    expect(clockText(400)).toBe('0:01');
    expect(clockText(-5)).toBe('0:00');
  });
});
