import { describe, expect, it } from 'vitest';
import { AGENT_LISTING_BOUND, MAX_AGENT_LISTING_BYTES } from './listing-bound';

describe('AGENT_LISTING_BOUND', () => {
  it('is MAX_AGENT_LISTING_BYTES in MiB', () => {
    expect(AGENT_LISTING_BOUND).toBe(`${MAX_AGENT_LISTING_BYTES / 1024 / 1024} MiB`);
    expect(AGENT_LISTING_BOUND).toBe('4 MiB');
  });
});
