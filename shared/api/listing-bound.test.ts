import { describe, expect, it } from 'vitest';
import { AGENT_LISTING_BOUND, MAX_AGENT_LISTING_BYTES } from './listing-bound';

describe('AGENT_LISTING_BOUND', () => {
  it('is MAX_AGENT_LISTING_BYTES (4 MiB) in words', () => {
    expect(MAX_AGENT_LISTING_BYTES).toBe(4_194_304);
    expect(AGENT_LISTING_BOUND).toBe('4 MiB');
  });
});
