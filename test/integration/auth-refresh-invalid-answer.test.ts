import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, tokensKey, type AuthCoordinator } from '../../electron/auth';
import type { Vault } from '../../electron/vault';
import { PUBLIC_CLIENT } from '../fixtures/oauth/constants';
import { expireStoredToken, openTestVault, scriptedBrowser, startStack, whoamiThrough, type Stack } from '../support/oauth-harness';
import { rejection } from '../support/rejection';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const auth = { type: 'oauth', clientId: PUBLIC_CLIENT.clientId };

interface Stored {
  accessToken: string;
  refreshToken?: string;
}

async function setUp() {
  const stack: Stack = await startStack();
  cleanups.push(() => stack.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const coordinator: AuthCoordinator = createAuthCoordinator({ vault, dataDir, opener: scriptedBrowser().opener });
  cleanups.push(() => coordinator.close());
  await coordinator.connect('remote', { url: stack.mcp.url, auth });
  return { stack, vault, coordinator, key: tokensKey('remote', stack.as.issuer) };
}

async function read(vault: Vault, key: ReturnType<typeof tokensKey>): Promise<Stored> {
  return JSON.parse((await vault.get(key)) ?? 'null') as Stored;
}

describe('auth: a refresh answered with an invalid token response', () => {
  // oidc-provider rotates refresh tokens and revokes the grant when a spent one comes back.
  for (const [broken, overrides, named] of [
    ['no token_type', { token_type: null }, 'token_type'],
    ['a scope that is not a string', { scope: ['openid'] }, 'scope'],
    ['an expires_in that is not a number', { expires_in: 'abc' }, 'expires_in'],
  ] as const) {
    it(`with ${broken}: keeps the rotated refresh token, not the access token, and the grant lives on`, async () => {
      const { stack, vault, coordinator, key } = await setUp();
      const before = await read(vault, key);
      await expireStoredToken(vault, key);
      stack.as.knobs.tokenOverrides = { refresh_token: overrides };

      const error = await rejection(whoamiThrough(coordinator, stack, auth));
      expect(error.code).toBe('server_unavailable');
      expect(error.message).toContain('invalid token response');
      expect(error.message).toContain(named);
      expect(error.message).toContain('new refresh token was kept');
      const kept = await read(vault, key);
      expect(kept.refreshToken).toBeDefined();
      expect(kept.refreshToken).not.toBe(before.refreshToken);
      // The invalid answer's access token is not used: the record still holds the old one.
      expect(kept.accessToken).toBe(before.accessToken);
      for (const secret of [kept.refreshToken ?? '', before.refreshToken ?? '']) expect(`${error.message} ${error.hint ?? ''}`).not.toContain(secret);

      // The next refresh spends the kept token: accepted, and the grant is not revoked as reused.
      delete stack.as.knobs.tokenOverrides;
      expect((await whoamiThrough(coordinator, stack, auth)).status).toBe(200);
      expect(stack.as.counts.token['refresh_token']).toBe(2);
      expect(stack.as.counts.tokenErrors).toEqual({});
      expect(stack.as.counts.revokedGrants).toBe(0);
    });
  }

  // openid-client's error for an ID Token it refuses carries its claims, not the answer's body.
  it('with an ID Token for another client: keeps the rotated refresh token all the same', async () => {
    const { stack, vault, coordinator, key } = await setUp();
    const before = await read(vault, key);
    await expireStoredToken(vault, key);
    stack.as.knobs.tokenOverrides = { refresh_token: { id_token: idTokenFor(stack.as.issuer, 'another-client') } };

    const error = await rejection(whoamiThrough(coordinator, stack, auth));
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toContain('"aud"');
    expect(error.message).toContain('new refresh token was kept');
    const kept = await read(vault, key);
    expect(kept.refreshToken).toBeDefined();
    expect(kept.refreshToken).not.toBe(before.refreshToken);
    expect(kept.accessToken).toBe(before.accessToken);

    delete stack.as.knobs.tokenOverrides;
    expect((await whoamiThrough(coordinator, stack, auth)).status).toBe(200);
    expect(stack.as.counts.token['refresh_token']).toBe(2);
    expect(stack.as.counts.revokedGrants).toBe(0);
  });

  // OpenID Connect Core §12.2: no sign-in is under way, and no redirect's iss (RFC 9207) was checked.
  for (const [broken, claims, said] of [
    ['another issuer', { iss: 'https://another.example' }, 'its "iss" (issuer) claim named another issuer'],
    ['no issuer', { iss: undefined }, 'it had no "iss" (issuer) claim'],
  ] as const) {
    it(`with an ID Token naming ${broken}: says the ID Token did not match, naming the claim`, async () => {
      const { stack, vault, coordinator, key } = await setUp();
      const before = await read(vault, key);
      await expireStoredToken(vault, key);
      stack.as.knobs.tokenOverrides = { refresh_token: { id_token: idTokenFor(stack.as.issuer, PUBLIC_CLIENT.clientId, claims) } };

      const error = await rejection(whoamiThrough(coordinator, stack, auth));
      expect(error).toMatchObject({ code: 'server_unavailable', data: { server: 'remote' } });
      expect(error.message).toMatch(/^The ID Token the authorization server answered while refreshing the token did not match: /);
      expect(error.message).toContain(said);
      expect(error.message).not.toMatch(/sign-in|RFC 9207/);
      expect(error.hint).toContain('misbehaves');
      expect(error.message).toContain('new refresh token was kept');
      expect((await read(vault, key)).refreshToken).not.toBe(before.refreshToken);
    });
  }
});

/** An ID Token (its signature is not what is refused) naming `audience` as its client; `claims` replace its own (undefined: left out). */
function idTokenFor(issuer: string, audience: string, claims: Record<string, unknown> = {}): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ iss: issuer, sub: 'someone', aud: audience, iat: now, exp: now + 600, ...claims })}.${Buffer.from('not-a-signature').toString('base64url')}`;
}
