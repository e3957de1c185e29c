import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator } from '../../electron/auth';
import type { CodedError } from '../../shared/errors';
import { PUBLIC_CLIENT } from '../fixtures/oauth/constants';
import { openTestVault, scriptedBrowser, startStack } from '../support/oauth-harness';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function connectWith(stackOptions: Parameters<typeof startStack>[0], mcpOptions: Parameters<typeof startStack>[1], extraAuth: Record<string, unknown> = {}) {
  const stack = await startStack(stackOptions, mcpOptions);
  cleanups.push(() => stack.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const browser = scriptedBrowser();
  const coordinator = createAuthCoordinator({ vault, dataDir, opener: browser.opener, callbackTimeoutMs: 15_000 });
  cleanups.push(() => coordinator.close());
  const auth = { type: 'oauth', clientId: PUBLIC_CLIENT.clientId, ...extraAuth };
  const result = await coordinator.connect('remote', { url: stack.mcp.url, auth }).then(
    (status) => ({ status, error: undefined }),
    (error: unknown) => ({ status: undefined, error: error as CodedError }),
  );
  if (result.status) {
    const response = await coordinator.fetchFor('remote', { url: stack.mcp.url, auth })?.(stack.mcp.whoamiUrl);
    expect(response?.status).toBe(200);
  }
  return { stack, ...result };
}

describe('auth: protected resource metadata discovery (RFC 9728)', () => {
  it('follows resource_metadata of the 401 challenge first', async () => {
    const { stack, status } = await connectWith({}, { prm: 'challenge-only' });
    expect(status?.connected).toBe(true);
    expect(stack.mcp.counts.metadata).toEqual(['/meta/resource.json']);
  });

  it('without a challenge URL, tries the path-inserted well-known URL', async () => {
    const { stack, status } = await connectWith({}, { prm: 'path', challengeMetadata: false });
    expect(status?.connected).toBe(true);
    expect(stack.mcp.counts.metadata).toEqual(['/.well-known/oauth-protected-resource/mcp']);
  });

  // A kept-alive connection the server closes as idle as our request goes out on it (RFC 9112 §9.3.1).
  it('reads the metadata again when its connection is cut before any answer, and connects', async () => {
    const { stack, status } = await connectWith({}, { prm: 'challenge-only', cutMetadata: 1 });
    expect(status?.connected).toBe(true);
    expect(stack.mcp.counts.metadata).toEqual(['/meta/resource.json', '/meta/resource.json']);
  });

  it('reads it twice at most: a server that cuts every read says it could not be reached', async () => {
    const { stack, error } = await connectWith({}, { prm: 'challenge-only', cutMetadata: 2 });
    expect(error?.code).toBe('server_unavailable');
    expect(error?.message).toBe(`Could not reach the protected resource metadata at ${stack.mcp.origin}/meta/resource.json (ECONNRESET): the connection was cut`);
    expect(stack.mcp.counts.metadata).toEqual(['/meta/resource.json', '/meta/resource.json']);
  });

  it('then the root well-known URL (the resource being the origin)', async () => {
    const { stack, status } = await connectWith({}, { prm: 'root', challengeMetadata: false });
    expect(status?.connected).toBe(true);
    expect(stack.mcp.counts.metadata).toEqual(['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']);
    expect(stack.mcp.resource).toBe(`${stack.mcp.origin}/`);
  });

  // RFC 9728 §3.3: a parent of the server (here its origin) would widen the tokens' audience.
  for (const prm of ['path', 'challenge-only'] as const) {
    it(`(${prm} metadata) refuses a resource naming the origin rather than the server, before any sign-in`, async () => {
      const overrides: Record<string, unknown> = {};
      const stack = await startStack({}, { prm, prmOverrides: overrides });
      cleanups.push(() => stack.close());
      overrides['resource'] = `${stack.mcp.origin}/`;
      const { vault, dataDir } = await openTestVault();
      cleanups.push(() => vault.close());
      const browser = scriptedBrowser();
      const coordinator = createAuthCoordinator({ vault, dataDir, opener: browser.opener, callbackTimeoutMs: 15_000 });
      cleanups.push(() => coordinator.close());
      const error = await coordinator.connect('remote', { url: stack.mcp.url }).catch((e: unknown) => e as CodedError);
      expect(error).toMatchObject({ code: 'not_found' });
      expect((error as CodedError).message).toContain(`describes ${stack.mcp.origin}/, not ${stack.mcp.url}`);
      expect(browser.visits).toEqual([]);
      expect(stack.as.counts.registrations).toBe(0);
    });
  }

  it('a challenge naming the root metadata: the origin is accepted there only as the root fallback (fetched once)', async () => {
    const { stack, status } = await connectWith({}, { prm: 'root' });
    expect(status?.connected).toBe(true);
    expect(stack.mcp.counts.metadata).toEqual(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']);
  });

  it('says what to do when there is no metadata at all', async () => {
    const { error } = await connectWith({}, { prm: 'challenge-only', challengeMetadata: false });
    expect(error?.code).toBe('not_found');
    expect(error?.hint).toContain('authServerMetadataUrl');
  });
});

describe('auth: authorization server metadata discovery (RFC 8414, OpenID Discovery)', () => {
  const tenant = '/tenant/one';
  it('issuer with a path: RFC 8414 path-inserted first', async () => {
    const { stack, status } = await connectWith({ issuerPath: tenant }, {});
    expect(status).toMatchObject({ connected: true, issuer: stack.as.issuer });
    expect(stack.as.counts.wellKnown).toEqual([`/.well-known/oauth-authorization-server${tenant}`]);
  });

  it('issuer with a path: then OpenID path-inserted', async () => {
    const { stack, status } = await connectWith({ issuerPath: tenant, wellKnown: { oauth: false } }, {});
    expect(status?.connected).toBe(true);
    expect(stack.as.counts.wellKnown).toEqual([`/.well-known/oauth-authorization-server${tenant}`, `/.well-known/openid-configuration${tenant}`]);
  });

  it('issuer with a path: then OpenID appended to the issuer', async () => {
    const { stack, status } = await connectWith({ issuerPath: tenant, wellKnown: { oauth: false, openidInserted: false } }, {});
    expect(status?.connected).toBe(true);
    expect(stack.as.counts.wellKnown).toEqual([
      `/.well-known/oauth-authorization-server${tenant}`,
      `/.well-known/openid-configuration${tenant}`,
      `${tenant}/.well-known/openid-configuration`,
    ]);
  });

  it('issuer without a path: RFC 8414, then OpenID at the root', async () => {
    const { stack, status } = await connectWith({ wellKnown: { oauth: false } }, {});
    expect(status?.connected).toBe(true);
    expect(stack.as.counts.wellKnown).toEqual(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']);
  });

  it('refuses metadata whose issuer is not the issuer asked for, as a wrong address to fix (invalid_config)', async () => {
    const { stack, error } = await connectWith({ metadataOverrides: { issuer: 'http://127.0.0.1:9/someone-else' } }, {});
    expect(error?.code).toBe('invalid_config');
    expect(error?.message).toBe(
      `The authorization server metadata at ${stack.as.issuer}/.well-known/oauth-authorization-server names the issuer http://127.0.0.1:9/someone-else, not ${stack.as.issuer}, the issuer it was looked up for; it is not used (RFC 8414 §3.3).`,
    );
    expect(error?.hint).toBe(
      `Check the address of "remote" (its "url", ${stack.mcp.url}): its resource metadata names ${stack.as.issuer} as its authorization server; or set "authServerMetadataUrl" in the "auth" of "remote" to the metadata of the authorization server you trust.`,
    );
    expect(error?.data).toMatchObject({ server: 'remote', issuer: stack.as.issuer, claimedIssuer: 'http://127.0.0.1:9/someone-else' });
    expect(stack.as.counts.token['authorization_code'] ?? 0).toBe(0);
    expect(stack.as.counts.registrations).toBe(0);
  });

  it('a configured authServerMetadataUrl overrides discovery', async () => {
    const issuerPath = '/tenant/two';
    // The server points at an AS that does not exist; the person's config points at the real one.
    const stack = await startStack({ issuerPath }, { authorizationServers: ['http://127.0.0.1:9/nowhere'] });
    cleanups.push(() => stack.close());
    const { vault, dataDir } = await openTestVault();
    cleanups.push(() => vault.close());
    const coordinator = createAuthCoordinator({ vault, dataDir, opener: scriptedBrowser().opener });
    cleanups.push(() => coordinator.close());
    const plain = { type: 'oauth', clientId: PUBLIC_CLIENT.clientId };
    const error = await coordinator.connect('remote', { url: stack.mcp.url, auth: plain }).catch((e: unknown) => e as CodedError);
    expect(error).toMatchObject({ code: 'server_unavailable' });

    const auth = { ...plain, authServerMetadataUrl: `${stack.as.issuer}/.well-known/openid-configuration` };
    const status = await coordinator.connect('remote', { url: stack.mcp.url, auth });
    expect(status).toMatchObject({ connected: true, issuer: stack.as.issuer });
    expect(stack.as.counts.wellKnown).toEqual([`${issuerPath}/.well-known/openid-configuration`]);
    const response = await coordinator.fetchFor('remote', { url: stack.mcp.url, auth })?.(stack.mcp.whoamiUrl);
    expect(response?.status).toBe(200);
  });
});
