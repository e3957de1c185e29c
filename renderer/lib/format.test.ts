import { describe, expect, it } from 'vitest';
import { clockText, expiryText, humanDuration, refreshEvery, relativeTime, timeAgo, timeUntil } from './format';

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
    expect(expiryText(10, 10 + 60_000, false)).toBe('token expired 1 min ago');
    // A held refresh token renews it: not an ended sign-in.
    expect(expiryText(10, 10 + 60_000, true)).toBe('token renews on next use');
    expect(expiryText(10 + 3_600_000, 10, true)).toBe('token expires in 1 h');
  });

  it('counts down as m:ss and never below zero', () => {
    expect(clockText(125_000)).toBe('2:05');
    expect(clockText(400)).toBe('0:01');
    expect(clockText(-5)).toBe('0:00');
  });

  it('never puts something that happened in the future', () => {
    expect(timeAgo(1_000 + 7_000, 1_000)).toBe('just now');
    expect(timeAgo(1_000, 1_500)).toBe('just now');
    expect(timeAgo(1_000, 1_000 + 41_900)).toBe('41 s ago');
    expect(timeAgo(1_000, 1_000 + 59_999)).toBe('59 s ago');
    expect(timeAgo(1_000, 1_000 + 60_000)).toBe('1 min ago');
    expect(timeUntil(1_000, 1_000 + 3_000)).toBe('now');
    expect(timeUntil(1_000 + 6_200, 1_000)).toBe('in 7 s');
    expect(relativeTime(1_000 + 500, 1_000)).toBe('now');
    expect(expiryText(10, 10)).toBe('token expired just now');
  });

  it('redraws every second under a minute, less often after', () => {
    expect(refreshEvery(0, 59_000)).toBe(1_000);
    expect(refreshEvery(5_000, 0)).toBe(1_000);
    expect(refreshEvery(0, 5 * 60_000)).toBe(15_000);
    expect(refreshEvery(0, 3 * 3_600_000)).toBe(60_000);
  });
});
