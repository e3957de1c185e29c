import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, REGISTRATION_NAMESPACE, type AuthCoordinator, type FlowEvent } from '../../electron/auth';
import type { Vault } from '../../electron/vault';
import { LOOPBACK_CALLBACK, PUBLIC_CLIENT } from '../fixtures/oauth/constants';
import { openTestVault, scriptedBrowser, startStack, type Stack } from '../support/oauth-harness';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(stackOptions: Parameters<typeof startStack>[0] = {}) {
  const stack: Stack = await startStack(stackOptions);
  cleanups.push(() => stack.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const browser = scriptedBrowser();
  const events: FlowEvent[] = [];
  const coordinator: AuthCoordinator = createAuthCoordinator({ vault, dataDir, opener: browser.opener, callbackTimeoutMs: 15_000 });
  cleanups.push(() => coordinator.close());
  coordinator.on('flow', (event) => events.push(event));
  return { stack, vault, dataDir, browser, coordinator, events };
}

async function whoami(coordinator: AuthCoordinator, stack: Stack, server = 'remote', auth?: { type: string }) {
  const fetch = coordinator.fetchFor(server, { url: stack.mcp.url, ...(auth ? { auth } : {}) });
  if (!fetch) throw new Error('no fetch');
  const response = await fetch(stack.mcp.whoamiUrl);
  return { status: response.status, body: (await response.json()) as { sub?: string; scope?: string; client_id?: string } };
}

async function registrations(vault: Vault): Promise<number> {
  return (await vault.keys({ server: REGISTRATION_NAMESPACE })).length;
}

describe('auth: browser sign-in (authorization code + PKCE) against oidc-provider', () => {
  it('discovers, registers dynamically, signs in through the loopback redirect and stores tokens', async () => {
    const { stack, vault, browser, coordinator, events } = await setUp();
    const status = await coordinator.connect('remote', { url: stack.mcp.url });
    expect(status).toMatchObject({ server: 'remote', connected: true, issuer: stack.as.issuer, scopes: ['mcp:read'], flow: 'browser', refreshable: true });
    expect(status.expiresAt).toBeGreaterThan(Date.now());

    const [visit] = browser.visits;
    const url = new URL(visit?.url ?? '');
    expect(url.origin + url.pathname).toBe(`${stack.as.issuer}/auth`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(stack.mcp.resource);
    // The challenge's scope, plus offline_access because the AS lists it (and then consent is asked).
    expect(url.searchParams.get('scope')).toBe('mcp:read offline_access');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    await browser.settled();
    expect(visit?.status).toBe(200);
    expect(visit?.page).toContain('You are signed in');

    expect(stack.as.counts.registrations).toBe(1);
    expect(await registrations(vault)).toBe(1);
    expect(await whoami(coordinator, stack)).toMatchObject({ status: 200, body: { sub: 'test-user', scope: 'mcp:read' } });
    expect(events.map((e) => e.type)).toEqual(['discovered', 'browser', 'connected']);

    // A second sign-in reuses the stored registration.
    await coordinator.connect('remote', { url: stack.mcp.url });
    expect(stack.as.counts.registrations).toBe(1);
    expect(browser.visits).toHaveLength(2);
  });

  it('uses a pre-registered client without registering', async () => {
    const { stack, vault, coordinator } = await setUp();
    const auth = { type: 'oauth', clientId: PUBLIC_CLIENT.clientId };
    await coordinator.connect('remote', { url: stack.mcp.url, auth });
    expect(stack.as.counts.registrations).toBe(0);
    expect(await registrations(vault)).toBe(0);
    expect(await whoami(coordinator, stack, 'remote', auth)).toMatchObject({ status: 200, body: { client_id: PUBLIC_CLIENT.clientId } });
  });

  it('uses a client ID metadata document when the authorization server supports them', async () => {
    const { stack, coordinator, vault } = await setUp();
    const id = stack.as.cimdUrl('connected-services.json');
    Object.assign(stack.as.documents, {
      [id]: {
        client_id: id,
        client_name: 'Connected Services (test)',
        application_type: 'native',
        redirect_uris: [LOOPBACK_CALLBACK],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      },
    });
    const auth = { type: 'oauth', clientMetadataUrl: id };
    await coordinator.connect('remote', { url: stack.mcp.url, auth });
    expect(stack.as.counts.metadataDocumentFetches).toBeGreaterThan(0);
    expect(stack.as.counts.registrations).toBe(0);
    expect(await registrations(vault)).toBe(0);
    expect(await whoami(coordinator, stack, 'remote', auth)).toMatchObject({ status: 200, body: { client_id: id } });
  });

  it('falls back to dynamic registration when the AS does not advertise metadata documents', async () => {
    const { stack, coordinator } = await setUp({ metadataOverrides: { client_id_metadata_document_supported: null } });
    const auth = { type: 'oauth', clientMetadataUrl: stack.as.cimdUrl('unused.json') };
    await coordinator.connect('remote', { url: stack.mcp.url, auth });
    expect(stack.as.counts.metadataDocumentFetches).toBe(0);
    expect(stack.as.counts.registrations).toBe(1);
  });

  it('takes one redirect only: a replayed callback finds nobody listening', async () => {
    const { stack, browser, coordinator } = await setUp();
    await coordinator.connect('remote', { url: stack.mcp.url });
    await browser.settled();
    const callback = browser.visits[0]?.callback;
    expect(callback).toBeDefined();
    await expect(fetch(callback ?? '')).rejects.toThrow();
  });

  it('sends tokens only to the server they were obtained for', async () => {
    const { stack, coordinator } = await setUp();
    const auth = { type: 'oauth', clientId: PUBLIC_CLIENT.clientId };
    await coordinator.connect('remote', { url: stack.mcp.url, auth });
    const seen: (string | null)[] = [];
    const other = createServer((req, res) => {
      seen.push(req.headers.authorization ?? null);
      res.end('ok');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => other.close(resolve)));
    const address = other.address();
    const otherUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/x`;
    // Another origin through the server's fetch: no token.
    await coordinator.fetchFor('remote', { url: stack.mcp.url, auth })?.(otherUrl);
    // The same name pointed at another URL (config changed): the old tokens are not used there.
    const response = await coordinator.fetchFor('remote', { url: otherUrl, auth })?.(otherUrl);
    expect(response?.status).toBe(200);
    expect(seen).toEqual([null, null]);
  });

  it('disconnect revokes at the AS and forgets the tokens', async () => {
    const { stack, coordinator, events } = await setUp();
    const auth = { type: 'oauth', clientId: PUBLIC_CLIENT.clientId };
    await coordinator.connect('remote', { url: stack.mcp.url, auth });
    expect(await coordinator.disconnect('remote', { revoke: true, config: { url: stack.mcp.url, auth } })).toEqual({ removed: 1, revoked: true });
    expect(stack.as.counts.revokedGrants).toBe(1);
    expect(await coordinator.status('remote', { url: stack.mcp.url, auth })).toMatchObject({ connected: false, scopes: [] });
    expect(events.at(-1)?.type).toBe('connected');
  });
});
