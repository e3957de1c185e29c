import { describe, expect, it } from 'vitest';
import { accountOf } from './id-token-account';
import { applyTokenResponse, type TokenRecord } from './token-record';

const jwt = (claims: unknown) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('the account of a sign-in', () => {
  it('reads the email, else the username, name or subject of the ID Token', () => {
    expect(accountOf({ id_token: jwt({ sub: 'u1', email: 'ana@example.test', name: 'Ana' }) })).toBe('ana@example.test');
    expect(accountOf({ id_token: jwt({ sub: 'u1', preferred_username: 'ana' }) })).toBe('ana');
    expect(accountOf({ id_token: jwt({ sub: 'u1' }) })).toBe('u1');
    expect(accountOf({ claims: () => ({ sub: 'from-openid-client' }), id_token: jwt({ sub: 'raw' }) })).toBe('from-openid-client');
  });

  it('says nothing when there is no ID Token or it is not one, and keeps what it shows plain and short', () => {
    expect(accountOf({})).toBeUndefined();
    expect(accountOf({ id_token: 'not-a-jwt' })).toBeUndefined();
    expect(accountOf({ id_token: jwt({ email: 42 }) })).toBeUndefined();
    expect(accountOf({ id_token: jwt({ email: 'a\u202eb\u0000c' }) })).toBe('abc');
    expect(accountOf({ id_token: jwt({ email: 'x'.repeat(500) }) })?.length).toBe(200);
  });

  it('keeps the account across a refresh that sends no ID Token', () => {
    const base: Parameters<typeof applyTokenResponse>[0] = {
      v: 1,
      issuer: 'https://as.example',
      serverUrl: 'https://mcp.example',
      resource: 'https://mcp.example',
      flow: 'browser',
      clientId: 'c',
      clientSource: 'dynamic',
      authMethod: 'none',
      tokenEndpoint: 'https://as.example/token',
      requestedScopes: ['openid'],
    };
    const first = applyTokenResponse(base, { access_token: 'a', id_token: jwt({ email: 'ana@example.test' }) }, 0);
    expect(first.account).toBe('ana@example.test');
    const refreshed: TokenRecord = applyTokenResponse(first, { access_token: 'b' }, 1);
    expect(refreshed.account).toBe('ana@example.test');
  });
});
