import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../net';
import { userinfoAccount, type UserinfoAccountInput } from './userinfo-account';

const AS = { issuer: 'https://as.test', token_endpoint: 'https://as.test/token', userinfo_endpoint: 'https://as.test/me' };
const jwt = (claims: unknown) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

/** A userinfo endpoint played by a function; every request is kept. */
function endpoint(answer: () => Response) {
  const requests: { url: string; authorization: string | null }[] = [];
  const fetch: FetchLike = (url, init) => {
    requests.push({ url: String(url), authorization: new Headers(init?.headers).get('authorization') });
    return Promise.resolve(answer());
  };
  return { fetch, requests };
}

const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function input(fetch: FetchLike, overrides: Partial<UserinfoAccountInput> = {}): UserinfoAccountInput {
  return {
    as: AS,
    reach: 'public',
    clientId: 'client',
    response: { access_token: 'the-access-token', scope: 'openid email', id_token: jwt({ sub: 'u1' }) },
    requestedScopes: ['openid', 'email'],
    fetch,
    ...overrides,
  };
}

describe('the account from userinfo', () => {
  it('asks the userinfo endpoint with the access token as a bearer and names the email', async () => {
    const { fetch, requests } = endpoint(json({ sub: 'u1', email: 'ana@example.test', name: 'Ana' }));
    expect(await userinfoAccount(input(fetch))).toBe('ana@example.test');
    expect(requests).toEqual([{ url: AS.userinfo_endpoint, authorization: 'Bearer the-access-token' }]);
  });

  it('refuses an answer for another subject than the ID Token’s (OIDC Core §5.3.2)', async () => {
    const notes: string[] = [];
    const { fetch } = endpoint(json({ sub: 'someone-else', email: 'eve@example.test' }));
    expect(await userinfoAccount(input(fetch, { note: (m) => notes.push(m) }))).toBeUndefined();
    expect(notes.join(' ')).toContain('userinfo gave no account');
    expect(notes.join(' ')).not.toContain('the-access-token');
  });

  it('checks the claims: a wrong type is not shown, an answer without sub names nothing', async () => {
    expect(await userinfoAccount(input(endpoint(json({ sub: 'u1', email: 42, preferred_username: 'ana' })).fetch))).toBeUndefined();
    expect(await userinfoAccount(input(endpoint(json({ email: 'ana@example.test' })).fetch))).toBeUndefined();
    expect(await userinfoAccount(input(endpoint(json({ sub: 'u1', name: 'A\u202en\u0000a' })).fetch))).toBe('Ana');
  });

  it('reads no more than 64 KiB and gives up on a refusal', async () => {
    expect(await userinfoAccount(input(endpoint(json({ sub: 'u1', email: 'a@b.test', padding: 'x'.repeat(70_000) })).fetch))).toBeUndefined();
    expect(await userinfoAccount(input(endpoint(json({ error: 'invalid_token' }, 401)).fetch))).toBeUndefined();
    expect(await userinfoAccount(input(endpoint(() => new Response('<html>', { headers: { 'content-type': 'text/html' } })).fetch))).toBeUndefined();
  });

  it('asks nothing without a userinfo endpoint, without openid granted, or at an address that is not allowed', async () => {
    const { fetch, requests } = endpoint(json({ sub: 'u1', email: 'ana@example.test' }));
    const { userinfo_endpoint: _none, ...withoutUserinfo } = AS;
    expect(await userinfoAccount(input(fetch, { as: withoutUserinfo }))).toBeUndefined();
    expect(await userinfoAccount(input(fetch, { response: { access_token: 't', scope: 'mcp:read' } }))).toBeUndefined();
    expect(await userinfoAccount(input(fetch, { as: { ...AS, userinfo_endpoint: 'http://169.254.169.254/me' } }))).toBeUndefined();
    expect(requests).toEqual([]);
    // Without a scope in the token response, the scopes asked for decide.
    expect(await userinfoAccount(input(fetch, { response: { access_token: 't', id_token: jwt({ sub: 'u1' }) } }))).toBe('ana@example.test');
  });
});
