import { describe, expect, it } from 'vitest';
import { isListingTooLarge } from './listing-bound';
import { MAX_LISTING_DEPTH, MAX_LISTING_FLOOD_DEPTH, isTooDeepItem, isTooDeepListing, tooDeepListing } from './listing-depth';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe('a listing nested past its bound', () => {
  it('is told from one within it, for each kind listed, and a call result is left to its own check', () => {
    const response = (key: string, levels: number): object => ({ jsonrpc: '2.0', id: 1, result: { [key]: [nested(levels)] } });
    for (const key of ['tools', 'prompts', 'resources', 'resourceTemplates']) {
      expect(isTooDeepListing(response(key, MAX_LISTING_FLOOD_DEPTH))).toBe(true);
      expect(isTooDeepListing(response(key, MAX_LISTING_FLOOD_DEPTH - 2))).toBe(false);
      expect(isTooDeepListing(response(key, MAX_LISTING_DEPTH), MAX_LISTING_DEPTH)).toBe(true);
    }
    expect(isTooDeepListing({ jsonrpc: '2.0', id: 1, result: { content: [nested(10_000)] } })).toBe(false);
    expect(isTooDeepListing({ jsonrpc: '2.0', method: 'notifications/message', params: nested(10_000) })).toBe(false);
  });

  it('tells one item nested past the bound, its list counted as a level, from one at it', () => {
    expect(isTooDeepItem(nested(MAX_LISTING_DEPTH))).toBe(true);
    expect(isTooDeepItem(nested(MAX_LISTING_DEPTH - 1))).toBe(false);
    expect(isTooDeepItem(nested(100_000))).toBe(true);
  });

  it('halts the server as the other listing bounds do, saying whose and how deep', () => {
    const error = tooDeepListing('deep');
    expect(error.message).toBe(`"deep" sent a listing nested deeper than ${MAX_LISTING_DEPTH} levels; its listing was not kept and the server was stopped`);
    expect(isListingTooLarge(error)).toBe(true);
    expect(tooDeepListing('deep', MAX_LISTING_FLOOD_DEPTH).message).toContain(`nested deeper than ${MAX_LISTING_FLOOD_DEPTH} levels`);
  });
});
