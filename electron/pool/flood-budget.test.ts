import { describe, expect, it } from 'vitest';
import { FloodBudget, type DropReport } from './flood-budget';

function budget(limit = 10, floodSeconds = 3) {
  let now = 5_000;
  const reports: DropReport[] = [];
  const b = new FloodBudget(limit, floodSeconds, () => now, (d) => reports.push(d));
  return { b, reports, at: (ms: number) => (now = ms) };
}

describe('FloodBudget', () => {
  it('takes up to its limit per second, then refuses for the rest of that second', () => {
    const { b, at } = budget();
    expect(b.take(6)).toBe(true);
    expect(b.take(4)).toBe(true);
    expect(b.take(1)).toBe(false);
    // Once over, nothing more this second, even what would fit.
    expect(b.exhausted()).toBe(true);
    at(5_999);
    expect(b.take(0)).toBe(false);
    at(6_000);
    expect(b.exhausted()).toBe(false);
    expect(b.take(10)).toBe(true);
  });

  it('reports what was dropped once, when its second is over', () => {
    const { b, reports, at } = budget();
    b.take(11);
    b.drop(1, 11);
    b.drop(2, 30);
    expect(reports).toEqual([]);
    at(6_100);
    b.take(1);
    expect(reports).toEqual([{ units: 3, bytes: 41 }]);
    at(7_100);
    b.take(1);
    expect(reports).toHaveLength(1);
  });

  it('floods after being over budget in consecutive seconds only', () => {
    const { b, at } = budget(1, 3);
    b.take(2);
    at(6_000);
    b.take(2);
    // A quiet second in between starts the count again.
    at(8_000);
    b.take(2);
    at(9_000);
    b.take(2);
    expect(b.flooding).toBe(false);
    at(10_000);
    b.take(2);
    expect(b.flooding).toBe(true);
  });
});
