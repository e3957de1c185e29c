import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, tokensKey } from '../../electron/auth';
import { secretKey } from '../../electron/vault';
import { openTestVault } from '../support/oauth-harness';
import { startRawTokenServer, type RawTokenServerOptions } from '../fixtures/oauth/raw-token-server';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A pre-registered client ID the way Google writes them (a dash and dots), and a secret with `~`, `+`, space and `/`. */
const CLIENT_ID = '1234-abc.apps.googleusercontent.com';
const SECRET = 'GOCSPX-a~b+c d/e';
/** RFC 6749 §2.3.1 and Appendix B, written out by hand: unreserved characters stay, `+` and `/` are escaped, space is `+`. */
const EXPECTED_BASIC = `Basic ${Buffer.from('1234-abc.apps.googleusercontent.com:GOCSPX-a~b%2Bc+d%2Fe').toString('base64')}`;

async function setUp(options: Omit<RawTokenServerOptions, 'expectedBasic'>) {
  const server = await startRawTokenServer({ expectedBasic: EXPECTED_BASIC, ...options });
  cleanups.push(() => server.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  await vault.set(secretKey('GOOGLE_SECRET'), SECRET);
  const coordinator = createAuthCoordinator({ vault, dataDir, opener: () => Promise.reject(new Error('no browser')) });
  cleanups.push(() => coordinator.close());
  const target = (method?: string) => ({
    url: server.url,
    auth: { type: 'client_credentials', clientId: CLIENT_ID, clientSecret: '${secret:GOOGLE_SECRET}', ...(method ? { tokenEndpointAuthMethod: method } : {}) },
  });
  const storedMethod = async (): Promise<unknown> => {
    const raw = await vault.get(tokensKey('svc', server.issuer));
    return raw === undefined ? undefined : (JSON.parse(raw) as { authMethod?: unknown }).authMethod;
  };
  return { server, coordinator, target, storedMethod };
}

describe('auth: client authentication that interoperates (RFC 6749 §2.3.1)', () => {
  it('sends Basic credentials encoded exactly, to a token endpoint that does not decode them', async () => {
    const { server, coordinator, target, storedMethod } = await setUp({ methodsSupported: ['client_secret_basic'] });
    const status = await coordinator.connect('svc', target());
    expect(status).toMatchObject({ connected: true, flow: 'client_credentials' });
    expect(server.requests.map((r) => r.authorization)).toEqual([EXPECTED_BASIC]);
    expect(await storedMethod()).toBe('client_secret_basic');
    // The refresh of client credentials authenticates the same way.
    const response = await coordinator.fetchFor('svc', target())?.(server.url, { method: 'POST', body: '{}' });
    expect(response?.status).toBe(200);
  });

  it('without token_endpoint_auth_methods_supported, Basic (the RFC 8414 default)', async () => {
    const { server, coordinator, target } = await setUp({});
    await coordinator.connect('svc', target());
    expect(server.requests.map((r) => r.authorization)).toEqual([EXPECTED_BASIC]);
  });

  it('prefers client_secret_post where the metadata offers it and the entry does not say', async () => {
    const { server, coordinator, target, storedMethod } = await setUp({
      methodsSupported: ['client_secret_basic', 'client_secret_post'],
      expectedPost: { clientId: CLIENT_ID, clientSecret: SECRET },
    });
    await coordinator.connect('svc', target());
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ authorization: undefined, accepted: true });
    expect(server.requests[0]?.body.get('client_secret')).toBe(SECRET);
    expect(await storedMethod()).toBe('client_secret_post');
  });

  it('keeps the method the entry names', async () => {
    const { server, coordinator, target } = await setUp({
      methodsSupported: ['client_secret_basic', 'client_secret_post'],
      expectedPost: { clientId: CLIENT_ID, clientSecret: SECRET },
    });
    await coordinator.connect('svc', target('client_secret_basic'));
    expect(server.requests.map((r) => r.authorization)).toEqual([EXPECTED_BASIC]);
  });

  it('falls back to Basic once when a server offering post refuses it for this client, and remembers Basic', async () => {
    // Offers both, but knows this client only with Basic (servers that enforce the registered method).
    const { server, coordinator, target, storedMethod } = await setUp({ methodsSupported: ['client_secret_basic', 'client_secret_post'] });
    const status = await coordinator.connect('svc', target());
    expect(status.connected).toBe(true);
    expect(server.requests.map((r) => [r.authorization === undefined ? 'post' : 'basic', r.accepted])).toEqual([
      ['post', false],
      ['basic', true],
    ]);
    expect(server.requests[1]?.authorization).toBe(EXPECTED_BASIC);
    expect(server.requests[1]?.body.has('client_secret')).toBe(false);
    expect(await storedMethod()).toBe('client_secret_basic');
  });

  it('does not fall back when the entry names client_secret_post', async () => {
    const { server, coordinator, target } = await setUp({ methodsSupported: ['client_secret_basic', 'client_secret_post'] });
    await expect(coordinator.connect('svc', target('client_secret_post'))).rejects.toMatchObject({ code: 'auth_required' });
    expect(server.requests).toHaveLength(1);
  });
});
