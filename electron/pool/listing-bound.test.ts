import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { ListingMeter, MAX_LISTED_ITEMS } from './listing-bound';

function thrown(run: () => void): CodedError {
  try {
    run();
  } catch (error) {
    if (error instanceof CodedError) return error;
  }
  throw new Error('nothing was thrown');
}

describe('ListingMeter: the hint of a halted listing', () => {
  // A looping cursor was told as a server too large to know of: the fault is the loop, not the size.
  it('says a repeated page cursor is a bug in the server, not a size', () => {
    const meter = new ListingMeter('pages');
    meter.page('tools', [{ name: 'a' }], 'c1');
    const error = thrown(() => meter.page('tools', [{ name: 'b' }], 'c1'));
    expect(error.data).toMatchObject({ listingBound: 'cursor' });
    expect(error.hint).toBe(
      'the server repeated a page cursor it had already given, so its pages would never end: a bug in the server, for its maintainers to fix; `connected-services connect pages` starts it again',
    );
    expect(error.hint).not.toContain('size');
  });

  it('keeps the size words for a listing past its bound', () => {
    const meter = new ListingMeter('wide');
    const error = thrown(() => meter.add('tools', Array.from({ length: MAX_LISTED_ITEMS + 1 }, () => ({}))));
    expect(error.hint).toContain('a server of this size is not one we know of');
  });
});
