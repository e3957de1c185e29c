import { describe, expect, it } from 'vitest';
import { moreAccessNeeded } from './bridge-views';

describe('moreAccessNeeded (step-up)', () => {
  it('names the pending scopes the credential lacks, all pending ones when it lacks none, and nothing without a step-up', () => {
    expect(moreAccessNeeded({ connected: true, scopes: ['mcp:read'], pendingScopes: ['mcp:read', 'mcp:admin'] })).toEqual(['mcp:admin']);
    expect(moreAccessNeeded({ connected: false, pendingScopes: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(moreAccessNeeded({ connected: true, scopes: ['a'], pendingScopes: ['a'] })).toEqual(['a']);
    expect(moreAccessNeeded({ connected: true, scopes: ['a'] })).toEqual([]);
    expect(moreAccessNeeded(undefined)).toEqual([]);
  });
});
