import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, tokensKey } from '../../electron/auth';
import { secretKey } from '../../electron/vault';
import { CodedError } from '../../shared/errors';
import { CC_BASIC_CLIENT, CC_POST_CLIENT } from '../fixtures/oauth/constants';
import { startAuthorizationServer } from '../fixtures/oauth/authorization-server';
import { openTestVault, startStack } from '../support/oauth-harness';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp() {
  const stack = await startStack();
  cleanups.push(() => stack.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const requests: { url: string; authorization: string | null; body: string }[] = [];
  const coordinator = createAuthCoordinator({
    vault,
    dataDir,
    opener: () => Promise.reject(new Error('client credentials never open a browser')),
    fetch: (url, init) => {
      const headers = new Headers(init?.headers);
      requests.push({ url: String(url), authorization: headers.get('authorization'), body: typeof init?.body === 'string' ? init.body : init?.body instanceof URLSearchParams ? init.body.toString() : '' });
      return fetch(url, init);
    },
  });
  cleanups.push(() => coordinator.close());
  return { stack, vault, coordinator, requests };
}

describe('auth: client credentials against oidc-provider', () => {
  for (const [method, client] of [
    ['client_secret_basic', CC_BASIC_CLIENT],
    ['client_secret_post', CC_POST_CLIENT],
  ] as const) {
    it(`gets a token with ${method}, the secret coming from the vault`, async () => {
      const { stack, vault, coordinator, requests } = await setUp();
      await vault.set(secretKey('CC_SECRET'), client.clientSecret);
      const auth = { type: 'client_credentials', clientId: client.clientId, clientSecret: '${secret:CC_SECRET}', tokenEndpointAuthMethod: method };
      const status = await coordinator.connect('machine', { url: stack.mcp.url, auth });
      expect(status).toMatchObject({ connected: true, flow: 'client_credentials', scopes: ['mcp:read'], refreshable: true });
      const tokenRequest = requests.find((r) => r.url.endsWith('/token'));
      if (method === 'client_secret_basic') {
        expect(tokenRequest?.authorization).toMatch(/^Basic /);
        expect(tokenRequest?.body).not.toContain('client_secret');
      } else {
        expect(tokenRequest?.authorization).toBeNull();
        expect(tokenRequest?.body).toContain('client_secret=');
      }
      expect(tokenRequest?.body).toContain(`resource=${encodeURIComponent(stack.mcp.resource)}`);
      const response = await coordinator.fetchFor('machine', { url: stack.mcp.url, auth })?.(stack.mcp.whoamiUrl);
      expect(await response?.json()).toMatchObject({ client_id: client.clientId, scope: 'mcp:read' });
    });
  }

  it('gets tokens by itself on first use (no person needed), once for many concurrent calls, and again on expiry', async () => {
    const { stack, vault, coordinator } = await setUp();
    await vault.set(secretKey('CC_SECRET'), CC_BASIC_CLIENT.clientSecret);
    const auth = { type: 'client_credentials', clientId: CC_BASIC_CLIENT.clientId, clientSecret: '${secret:CC_SECRET}' };
    const fetch = coordinator.fetchFor('machine', { url: stack.mcp.url, auth });
    if (!fetch) throw new Error('no fetch');
    const responses = await Promise.all(Array.from({ length: 20 }, () => fetch(stack.mcp.whoamiUrl)));
    expect(responses.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(stack.as.counts.token['client_credentials']).toBe(1);

    const key = tokensKey('machine', stack.as.issuer);
    const record = JSON.parse((await vault.get(key)) ?? '{}') as Record<string, unknown>;
    await vault.set(key, JSON.stringify({ ...record, expiresAt: Date.now() - 1000 }));
    expect((await fetch(stack.mcp.whoamiUrl)).status).toBe(200);
    expect(stack.as.counts.token['client_credentials']).toBe(2);
  });

  it('a wrong secret fails with auth_required and a clear reason', async () => {
    const { stack, vault, coordinator } = await setUp();
    await vault.set(secretKey('CC_SECRET'), 'not-the-secret');
    const auth = { type: 'client_credentials', clientId: CC_BASIC_CLIENT.clientId, clientSecret: '${secret:CC_SECRET}' };
    const error = await coordinator.connect('machine', { url: stack.mcp.url, auth }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodedError);
    expect(error).toMatchObject({ code: 'auth_required', data: { oauthError: 'invalid_client' } });
    expect((error as CodedError).message).not.toContain('not-the-secret');
    // A new sign-in repeats the same request: the way out is the secret (or the client ID), not connect.
    expect((error as CodedError).message).toMatch(/^The client ID or client secret of "machine" was refused: The authorization server answered invalid_client/);
    expect((error as CodedError).hint).toBe(
      'Replace the client secret: run `connected-services secrets set CC_SECRET` (or press "Replace" on CC_SECRET under Access in the app, or "Edit" on its page to correct the client ID).',
    );
  });

  it('a secret refused at renewal names the secret to replace, not a sign-in', async () => {
    const { stack, vault, coordinator } = await setUp();
    await vault.set(secretKey('CC_SECRET'), CC_BASIC_CLIENT.clientSecret);
    const auth = { type: 'client_credentials', clientId: CC_BASIC_CLIENT.clientId, clientSecret: '${secret:CC_SECRET}' };
    const fetch = coordinator.fetchFor('machine', { url: stack.mcp.url, auth });
    if (!fetch) throw new Error('no fetch');
    expect((await fetch(stack.mcp.whoamiUrl)).status).toBe(200);
    // The secret changed at the authorization server's side (here: in the vault), and the token ran out.
    await vault.set(secretKey('CC_SECRET'), 'not-the-secret');
    const key = tokensKey('machine', stack.as.issuer);
    const record = JSON.parse((await vault.get(key)) ?? '{}') as Record<string, unknown>;
    await vault.set(key, JSON.stringify({ ...record, expiresAt: Date.now() - 1000 }));
    const error = await fetch(stack.mcp.whoamiUrl).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodedError);
    expect(error).toMatchObject({ code: 'auth_required', data: { oauthError: 'invalid_client' } });
    expect((error as CodedError).message).toMatch(/^The client ID or client secret of "machine" was refused: /);
    expect((error as CodedError).message).not.toContain('not-the-secret');
    expect((error as CodedError).hint).toBe(
      'Replace the client secret: run `connected-services secrets set CC_SECRET` (or press "Replace" on CC_SECRET under Access in the app, or "Edit" on its page to correct the client ID).',
    );
    expect((error as CodedError).hint).not.toContain('connected-services connect');
    // The ordinary case still renews: the right secret back, a fresh token.
    await vault.set(secretKey('CC_SECRET'), CC_BASIC_CLIENT.clientSecret);
    expect((await fetch(stack.mcp.whoamiUrl)).status).toBe(200);
  });

  it('revoking tokens of one client never sends the secret the entry now gives another client', async () => {
    const { stack, vault, coordinator, requests } = await setUp();
    await vault.set(secretKey('CC_SECRET'), CC_BASIC_CLIENT.clientSecret);
    const auth = { type: 'client_credentials', clientId: CC_BASIC_CLIENT.clientId, clientSecret: '${secret:CC_SECRET}' };
    await coordinator.connect('machine', { url: stack.mcp.url, auth });
    // The entry now names another client with its own secret; the stored tokens are still cc-basic's.
    await vault.set(secretKey('OTHER_SECRET'), CC_POST_CLIENT.clientSecret);
    const edited = { url: stack.mcp.url, auth: { type: 'client_credentials', clientId: CC_POST_CLIENT.clientId, clientSecret: '${secret:OTHER_SECRET}' } };
    requests.length = 0;
    const result = await coordinator.disconnect('machine', { revoke: true, config: edited });
    expect(result.removed).toBe(1);
    const sent = requests.map((r) => `${r.body} ${Buffer.from((r.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8')}`);
    expect(sent.join('\n')).not.toContain(CC_POST_CLIENT.clientSecret);
  });

  it('an entry moved to another authorization server never sends its secret to the one that issued the older tokens', async () => {
    const { stack, vault, coordinator, requests } = await setUp();
    // The same client ID at a second server (a production beside a staging one), with another secret.
    const production = await startAuthorizationServer();
    cleanups.push(() => production.close());
    await vault.set(secretKey('STAGING_SECRET'), CC_BASIC_CLIENT.clientSecret);
    const metadata = (issuer: string) => `${issuer}/.well-known/openid-configuration`;
    const staging = { type: 'client_credentials', clientId: CC_BASIC_CLIENT.clientId, clientSecret: '${secret:STAGING_SECRET}', authServerMetadataUrl: metadata(stack.as.issuer) };
    await coordinator.connect('machine', { url: stack.mcp.url, auth: staging });
    const key = tokensKey('machine', stack.as.issuer);
    const record = JSON.parse((await vault.get(key)) ?? '{}') as Record<string, unknown>;
    await vault.set(key, JSON.stringify({ ...record, expiresAt: Date.now() - 1000 }));

    const productionSecret = 'production-secret-0123456789';
    await vault.set(secretKey('PRODUCTION_SECRET'), productionSecret);
    const moved = { url: stack.mcp.url, auth: { ...staging, clientSecret: '${secret:PRODUCTION_SECRET}', authServerMetadataUrl: metadata(production.issuer) } };
    requests.length = 0;
    const error = await coordinator.fetchFor('machine', moved)?.(stack.mcp.whoamiUrl).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'auth_required' });
    const toStaging = requests.filter((r) => r.url.startsWith(stack.as.issuer));
    const sent = toStaging.map((r) => `${r.body} ${Buffer.from((r.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8')}`);
    expect(sent.join('\n')).not.toContain(productionSecret);
    // Revoking the older tokens does not send it there either.
    await coordinator.disconnect('machine', { revoke: true, config: moved });
    expect(requests.map((r) => `${r.body} ${r.authorization ?? ''}`).join('\n')).not.toContain(Buffer.from(`${CC_BASIC_CLIENT.clientId}:${productionSecret}`).toString('base64'));
    expect(requests.map((r) => r.body).join('\n')).not.toContain(productionSecret);
  });
});
