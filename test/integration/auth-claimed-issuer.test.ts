import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, REGISTRATION_NAMESPACE, stdioAuthTarget, type FetchLike } from '../../electron/auth';
import { secretKey } from '../../electron/vault';
import type { CodedError } from '../../shared/errors';
import { CC_BASIC_CLIENT } from '../fixtures/oauth/constants';
import { startClaimedIssuerServer } from '../fixtures/servers/claimed-issuer-as';
import { openTestVault, scriptedBrowser, startStack } from '../support/oauth-harness';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A registration with a client secret, as many servers issue whatever the client asks for. */
function confidentialRegistrations(issuer: string): FetchLike {
  return (url, init) => {
    if (String(url) === `${issuer}/reg` && init?.method === 'POST' && typeof init.body === 'string') {
      const body = JSON.parse(init.body) as Record<string, unknown>;
      return fetch(url, { ...init, body: JSON.stringify({ ...body, token_endpoint_auth_method: 'client_secret_basic' }) });
    }
    return fetch(url, init);
  };
}

describe('auth: a configured metadata URL claiming another server\'s issuer (RFC 8414 §3.3)', () => {
  for (const form of ['well-known', 'other'] as const) {
    it(`(${form} URL) is refused before the client registered with that issuer is sent anywhere`, async () => {
      const stack = await startStack({});
      cleanups.push(() => stack.close());
      const { vault, dataDir } = await openTestVault();
      cleanups.push(() => vault.close());
      const browser = scriptedBrowser();
      const coordinator = createAuthCoordinator({ vault, dataDir, opener: browser.opener, callbackTimeoutMs: 15_000, fetch: confidentialRegistrations(stack.as.issuer) });
      cleanups.push(() => coordinator.close());

      await coordinator.connect('h1', { url: stack.mcp.url, auth: { type: 'oauth' } });
      const [key] = await vault.keys({ server: REGISTRATION_NAMESPACE });
      const registration = JSON.parse((key && (await vault.get(key))) ?? '{}') as { clientId?: string; clientSecret?: string };
      if (!registration.clientId || !registration.clientSecret) throw new Error('no confidential registration stored');

      const hostile = await startClaimedIssuerServer(stack.as.issuer);
      cleanups.push(() => hostile.close());
      const metadataUrl = form === 'well-known' ? hostile.wellKnownUrl : hostile.metadataUrl;
      const error = await coordinator
        .connect('h2', { url: stack.mcp.url, auth: { type: 'oauth', authServerMetadataUrl: metadataUrl } })
        .then(() => undefined, (e: unknown) => e as CodedError);
      await browser.settled();

      expect(error?.code).toBe('invalid_config');
      expect(error?.message).toContain(`${metadataUrl} (the "authServerMetadataUrl" of "h2") claims the issuer ${stack.as.issuer}`);
      expect(error?.hint).toContain(`${stack.as.issuer}/.well-known/oauth-authorization-server`);
      expect(hostile.received(registration.clientSecret)).toBe(false);
      expect(hostile.received(registration.clientId)).toBe(false);
      expect(browser.visits).toHaveLength(1);
    });
  }
});

describe('auth: a stdio entry whose "issuer" is not the one its metadata names (RFC 8414 §3.3)', () => {
  it('is refused as a setting to fix (invalid_config), naming both issuers and the "issuer" of its auth', async () => {
    const stack = await startStack({});
    cleanups.push(() => stack.close());
    const { vault, dataDir } = await openTestVault();
    cleanups.push(() => vault.close());
    const coordinator = createAuthCoordinator({ vault, dataDir, opener: () => Promise.reject(new Error('client credentials never open a browser')) });
    cleanups.push(() => coordinator.close());
    await vault.set(secretKey('CC_SECRET'), CC_BASIC_CLIENT.clientSecret);
    const auth = { type: 'client_credentials', clientId: CC_BASIC_CLIENT.clientId, clientSecret: '${secret:CC_SECRET}' };
    // A trailing slash: the metadata at the same address names the issuer without it.
    const typo = `${stack.as.issuer}/`;
    const error = await coordinator.connect('prog', stdioAuthTarget('prog', { auth: { ...auth, issuer: typo } })).then(() => undefined, (e: unknown) => e as CodedError);
    expect(error?.code).toBe('invalid_config');
    expect(error?.message).toBe(
      `The authorization server metadata at ${stack.as.issuer}/.well-known/oauth-authorization-server names the issuer ${stack.as.issuer}, not ${typo}, the issuer it was looked up for; it is not used (RFC 8414 §3.3).`,
    );
    expect(error?.hint).toBe(`Check "issuer" in the "auth" of "prog": set it to ${stack.as.issuer} if that is the authorization server you mean, or set "authServerMetadataUrl" there to its metadata.`);
    expect(stack.as.counts.token['client_credentials'] ?? 0).toBe(0);
    // The issuer as the metadata names it: the ordinary case signs in.
    const status = await coordinator.connect('prog', stdioAuthTarget('prog', { auth: { ...auth, issuer: stack.as.issuer } }));
    expect(status).toMatchObject({ connected: true, flow: 'client_credentials' });
  });
});
