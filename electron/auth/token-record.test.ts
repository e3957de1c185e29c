import { describe, expect, it } from 'vitest';
import { applyTokenResponse, DEFAULT_EXPIRES_IN_S, issuerHash, MAX_EXPIRES_IN_S, MIN_EXPIRES_IN_S, parseRecord, refreshMargin, tokensKey, type TokenRecord } from './token-record';

const base: TokenRecord = {
  v: 1,
  issuer: 'https://as.example.com',
  serverUrl: 'https://mcp.example.com/mcp',
  resource: 'https://mcp.example.com/mcp',
  flow: 'browser',
  clientId: 'c',
  clientSource: 'dynamic',
  authMethod: 'none',
  tokenEndpoint: 'https://as.example.com/token',
  accessToken: 'old-access',
  tokenType: 'bearer',
  refreshToken: 'old-refresh',
  expiresAt: 1,
  obtainedAt: 0,
  scopes: ['a'],
  requestedScopes: ['a', 'offline_access'],
};

describe('applyTokenResponse', () => {
  it('never stores expires_at 0: without expires_in it assumes one hour', () => {
    const record = applyTokenResponse(base, { access_token: 'new' }, 1_000_000);
    expect(record.expiresAt).toBe(1_000_000 + DEFAULT_EXPIRES_IN_S * 1000);
  });

  it('takes expires_in 0 for a token already expired (RFC 6749 §5.1): due for renewal at once, never stored as 0', () => {
    const record = applyTokenResponse(base, { access_token: 'new', refresh_token: 'rt', expires_in: 0 }, 5_000);
    expect(record.expiresAt).toBe(5_000);
    expect(refreshMargin(record)).toBe(0);
    expect(applyTokenResponse(base, { access_token: 'new', expires_in: 0 }, 0).expiresAt).toBe(1);
  });

  it.each([
    [1e306, MAX_EXPIRES_IN_S], [Number.MAX_VALUE, MAX_EXPIRES_IN_S], [10 * MAX_EXPIRES_IN_S, MAX_EXPIRES_IN_S], [0.0001, MIN_EXPIRES_IN_S], [1, MIN_EXPIRES_IN_S], [3600, 3600],
  ])('keeps expires_in %d within 3 s and a year (%d s), and the record reads back with its rotated refresh token', (expiresIn, kept) => {
    const record = applyTokenResponse(base, { access_token: 'new', refresh_token: 'rotated', expires_in: expiresIn }, 1_000_000);
    expect(record.expiresAt).toBe(1_000_000 + kept * 1000);
    expect(parseRecord(JSON.stringify(record))).toEqual(record);
  });

  it('reads a record stored with expiresAt null (before the bound) as expired, keeping its refresh token', () => {
    const stored = parseRecord(JSON.stringify({ ...base, refreshToken: 'rotated', expiresAt: null }));
    expect(stored).toMatchObject({ refreshToken: 'rotated', expiresAt: 1 });
  });

  it('keeps the old refresh token when the response has none, takes a rotated one', () => {
    expect(applyTokenResponse(base, { access_token: 'new', expires_in: 60 }, 0)).toMatchObject({ accessToken: 'new', refreshToken: 'old-refresh', expiresAt: 60_000 });
    expect(applyTokenResponse(base, { access_token: 'new', refresh_token: 'rotated' }, 0).refreshToken).toBe('rotated');
  });

  it('takes granted scopes from the response, else keeps what it had', () => {
    expect(applyTokenResponse(base, { access_token: 'n', scope: 'a b' }, 0).scopes).toEqual(['a', 'b']);
    expect(applyTokenResponse(base, { access_token: 'n' }, 0).scopes).toEqual(['a']);
  });
});

describe('applyTokenResponse of a refresh (RFC 6749 §6)', () => {
  it('records no scope beyond the grant, says which it left out, and lets a narrower one through', () => {
    const wider: string[][] = [];
    const refresh = { onWider: (extra: string[]) => wider.push(extra) };
    const granted = { ...base, scopes: ['a', 'b'] };
    expect(applyTokenResponse(granted, { access_token: 'new', scope: 'a b c admin' }, 0, refresh).scopes).toEqual(['a', 'b']);
    expect(wider).toEqual([['c', 'admin']]);
    expect(applyTokenResponse(granted, { access_token: 'new', scope: 'b' }, 0, refresh).scopes).toEqual(['b']);
    expect(wider).toHaveLength(1);
  });

  it('bounds by the original grant: a narrowed refresh widens back to it, never beyond', () => {
    const wider: string[][] = [];
    const refresh = { onWider: (extra: string[]) => wider.push(extra) };
    const narrowed = applyTokenResponse({ ...base, scopes: ['a', 'b'] }, { access_token: 'n1', scope: 'a' }, 0, refresh);
    expect(narrowed).toMatchObject({ scopes: ['a'], grantedScopes: ['a', 'b'] });
    expect(applyTokenResponse(narrowed, { access_token: 'n2', scope: 'a b' }, 0, refresh)).toMatchObject({ scopes: ['a', 'b'], grantedScopes: ['a', 'b'] });
    // An answer naming no scope has the grant's (RFC 6749 §5.1, §6: the refresh asked for none).
    expect(applyTokenResponse(narrowed, { access_token: 'n2' }, 0, refresh).scopes).toEqual(['a', 'b']);
    expect(applyTokenResponse(narrowed, { access_token: 'n2', scope: 'a b c' }, 0, refresh).scopes).toEqual(['a', 'b']);
    expect(wider).toEqual([['c']]);
    // Narrowed to none, the grant still bounds.
    const none = applyTokenResponse(narrowed, { access_token: 'n3', scope: '' }, 0, refresh);
    expect(applyTokenResponse(none, { access_token: 'n4', scope: 'a admin' }, 0, refresh).scopes).toEqual(['a']);
  });

  it('takes the scopes of a record stored without grantedScopes as its grant', () => {
    const stored = parseRecord(JSON.stringify({ ...base, scopes: ['a', 'b'] }));
    expect(stored?.grantedScopes).toBeUndefined();
    const refresh = { onWider: () => undefined };
    const narrowed = applyTokenResponse(stored ?? base, { access_token: 'n1', scope: 'b' }, 0, refresh);
    expect(applyTokenResponse(narrowed, { access_token: 'n2', scope: 'a b admin' }, 0, refresh).scopes).toEqual(['a', 'b']);
  });

  it('bounds a client credentials renewal by what it asked for, else by its first grant', () => {
    const wider: string[][] = [];
    const renewal = { onWider: (extra: string[]) => wider.push(extra), within: ['a', 'c'] };
    const first = { ...base, flow: 'client_credentials' as const, scopes: ['a'] };
    expect(applyTokenResponse(first, { access_token: 'n', scope: 'a c d' }, 0, renewal)).toMatchObject({ scopes: ['a', 'c'], grantedScopes: ['a'] });
    expect(applyTokenResponse(first, { access_token: 'n' }, 0, renewal).scopes).toEqual(['a', 'c']);
    expect(wider).toEqual([['d']]);
    expect(applyTokenResponse(first, { access_token: 'n', scope: 'a c' }, 0, { ...renewal, within: [] }).scopes).toEqual(['a']);
  });

  it('bounds nothing when no scope was known: none asked for, none named', () => {
    const refresh = { onWider: () => expect.unreachable() };
    expect(applyTokenResponse({ ...base, scopes: [] }, { access_token: 'new', scope: 'a b' }, 0, refresh).scopes).toEqual(['a', 'b']);
  });
});

describe('keys and margins', () => {
  it('keys tokens by server and issuer', () => {
    expect(tokensKey('remote', 'https://as.example.com')).toEqual({ server: 'remote', kind: `tokens:${issuerHash('https://as.example.com')}` });
    expect(issuerHash('https://a')).not.toBe(issuerHash('https://b'));
  });

  it('refreshes a minute early, or a quarter of a short life', () => {
    expect(refreshMargin({ ...base, obtainedAt: 0, expiresAt: 3_600_000 })).toBe(60_000);
    expect(refreshMargin({ ...base, obtainedAt: 0, expiresAt: 20_000 })).toBe(5_000);
  });
});
