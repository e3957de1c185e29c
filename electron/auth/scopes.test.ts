import { describe, expect, it } from 'vitest';
import { selectScopes, splitScope, unionScopes } from './scopes';

describe('selectScopes (MCP scope selection)', () => {
  const base = { wantsRefresh: true };
  it('takes the challenge scope first', () => {
    expect(selectScopes({ ...base, challenge: ['a'], resourceSupported: ['a', 'b'] })).toEqual(['a']);
  });
  it('else the resource scopes_supported', () => {
    expect(selectScopes({ ...base, resourceSupported: ['a', 'b'] })).toEqual(['a', 'b']);
  });
  it('else nothing at all', () => {
    expect(selectScopes(base)).toBeUndefined();
  });
  it('a configured list wins', () => {
    expect(selectScopes({ ...base, configured: ['x'], challenge: ['a'] })).toEqual(['x']);
  });
  it('adds offline_access when the AS lists it, and only when a refresh token can be had', () => {
    expect(selectScopes({ ...base, challenge: ['a'], serverSupported: ['openid', 'offline_access'] })).toEqual(['a', 'offline_access']);
    expect(selectScopes({ ...base, challenge: ['a'], serverSupported: ['openid'] })).toEqual(['a']);
    expect(selectScopes({ wantsRefresh: false, challenge: ['a'], serverSupported: ['offline_access'] })).toEqual(['a']);
    expect(selectScopes({ ...base, serverSupported: ['offline_access'] })).toEqual(['offline_access']);
  });
  it('a step-up adds to what was asked before', () => {
    expect(selectScopes({ ...base, challenge: ['a'], stepUp: ['a', 'b'] })).toEqual(['a', 'b']);
  });
});

describe('scope helpers', () => {
  it('split and union drop what is not a scope token', () => {
    expect(splitScope('a  b "c" d\\e')).toEqual(['a', 'b']);
    expect(unionScopes(['a', 'b'], undefined, ['b', 'c', 'bad scope'])).toEqual(['a', 'b', 'c']);
  });
});
