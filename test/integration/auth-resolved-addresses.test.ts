import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, type Resolver } from '../../electron/auth';
import { secretKey } from '../../electron/vault';
import { CC_POST_CLIENT, PUBLIC_CLIENT } from '../fixtures/oauth/constants';
import { tableResolver } from '../support/auth-network';
import { openTestVault, scriptedBrowser, startStack } from '../support/oauth-harness';
import { rejection } from '../support/rejection';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(resolver: Resolver, stackOptions: Parameters<typeof startStack>[0] = {}, mcpOptions: Parameters<typeof startStack>[1] = {}) {
  const stack = await startStack(stackOptions, mcpOptions);
  cleanups.push(() => stack.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const browser = scriptedBrowser();
  const coordinator = createAuthCoordinator({ vault, dataDir, resolver, opener: browser.opener, callbackTimeoutMs: 15_000 });
  cleanups.push(() => coordinator.close());
  await vault.set(secretKey('CC_SECRET'), CC_POST_CLIENT.clientSecret);
  return { stack, vault, coordinator, browser };
}

const CC_AUTH = { type: 'client_credentials', clientId: CC_POST_CLIENT.clientId, clientSecret: '${secret:CC_SECRET}', tokenEndpointAuthMethod: 'client_secret_post' };

describe('auth: endpoint checks on resolved addresses, against oidc-provider', () => {
  it('still signs in through the browser on 127.0.0.1, and the server answers with the token', async () => {
    const resolver = tableResolver({});
    const { stack, coordinator, browser } = await setUp(resolver);
    const target = { url: stack.mcp.url, auth: { type: 'oauth', clientId: PUBLIC_CLIENT.clientId } };
    const status = await coordinator.connect('svc', target);
    await browser.settled();
    expect(status).toMatchObject({ connected: true, issuer: stack.as.issuer });
    const response = await coordinator.fetchFor('svc', target)?.(stack.mcp.whoamiUrl);
    expect(response?.status).toBe(200);
    // Every endpoint is an IP literal: checked, nothing to resolve.
    expect(resolver.calls).toEqual([]);
  });

  it('a token endpoint at localhost is this computer (RFC 6761 §6.3): reached at 127.0.0.1, never looked up, whatever a resolver would answer', async () => {
    const resolver = tableResolver({ localhost: [['169.254.169.254']] });
    const stackOptions = { metadataOverrides: {} as Record<string, unknown> };
    const { stack, coordinator } = await setUp(resolver, stackOptions);
    const issuer = new URL(stack.as.issuer);
    stackOptions.metadataOverrides['token_endpoint'] = `http://localhost:${issuer.port}/token`;

    const status = await coordinator.connect('machine', { url: stack.mcp.url, auth: CC_AUTH });
    expect(status).toMatchObject({ connected: true, flow: 'client_credentials' });
    expect(stack.as.counts.token['client_credentials']).toBe(1);
    const response = await coordinator.fetchFor('machine', { url: stack.mcp.url, auth: CC_AUTH })?.(stack.mcp.whoamiUrl);
    expect(await response?.json()).toMatchObject({ client_id: CC_POST_CLIENT.clientId });
    expect(resolver.calls).toEqual([]);
  });

  it('refuses a token endpoint whose host name resolves to 169.254.169.254, and sends it nothing', async () => {
    const resolver = tableResolver({ 'token.evil.test': [['169.254.169.254']] });
    const { stack, coordinator } = await setUp(resolver, { metadataOverrides: { token_endpoint: 'https://token.evil.test/token' } });
    const error = await rejection(coordinator.connect('machine', { url: stack.mcp.url, auth: CC_AUTH }));
    expect(error.code).toBe('denied');
    expect(error.message).toContain('token.evil.test resolves to 169.254.169.254, a link-local address');
    expect(resolver.calls).toEqual(['token.evil.test']);
    expect(stack.as.counts.token['client_credentials'] ?? 0).toBe(0);
  });

  it('refuses an authorization server whose name resolves to the metadata address written as NAT64', async () => {
    const resolver = tableResolver({ 'as.evil.test': [['64:ff9b::a9fe:a9fe']] });
    const { stack, coordinator } = await setUp(resolver, {}, { prmOverrides: { authorization_servers: ['https://as.evil.test'] } });
    const error = await rejection(coordinator.connect('machine', { url: stack.mcp.url, auth: CC_AUTH }));
    expect(error.code).toBe('denied');
    expect(error.message).toContain('as.evil.test resolves to 64:ff9b::a9fe:a9fe');
    expect(error.message).toContain('NAT64');
  });
});
