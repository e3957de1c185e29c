import { describe, expect, it } from 'vitest';
import { ChangeRate } from './change-rate';

describe('ChangeRate', () => {
  it('allows a burst, then one change per refill, and says how long to wait', () => {
    let now = 10_000;
    const rate = new ChangeRate({ burst: 2, perSecond: 2, now: () => now });
    rate.take();
    rate.take();
    expect(() => rate.take()).toThrow(expect.objectContaining({ code: 'rate_limited', hint: 'Wait 1 s and run it again' }));
    now += 500;
    rate.take();
    expect(() => rate.take()).toThrow(expect.objectContaining({ code: 'rate_limited' }));
    // A long quiet spell refills to the burst, never past it.
    now += 3_600_000;
    rate.take();
    rate.take();
    expect(() => rate.take()).toThrow(expect.objectContaining({ code: 'rate_limited' }));
  });
});
