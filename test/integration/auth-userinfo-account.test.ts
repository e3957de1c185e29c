import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, stdioAuthTarget, tokensKey } from '../../electron/auth';
import { startAuthorizationServer, type AuthServerOptions } from '../fixtures/oauth/authorization-server';
import { PUBLIC_CLIENT, TEST_USER, TEST_USER_CLAIMS } from '../fixtures/oauth/constants';
import { openTestVault, scriptedBrowser, startStack } from '../support/oauth-harness';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A coordinator on a test vault that signs in through the scripted browser; every log line kept. */
async function signingCoordinator() {
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const browser = scriptedBrowser();
  const lines: string[] = [];
  const coordinator = createAuthCoordinator({ vault, dataDir, opener: browser.opener, log: (line) => lines.push(line) });
  cleanups.push(() => coordinator.close());
  return { vault, browser, lines, coordinator };
}

/** oidc-provider and a signingCoordinator. */
async function setUp(asOptions: AuthServerOptions = {}) {
  const as = await startAuthorizationServer(asOptions);
  cleanups.push(() => as.close());
  const { vault, browser, lines, coordinator } = await signingCoordinator();
  const auth = (scopes: string[]) => ({ type: 'oauth' as const, issuer: as.issuer, clientId: PUBLIC_CLIENT.clientId, scopes });
  const accessTokenOf = async (server: string) => (JSON.parse((await vault.get(tokensKey(server, as.issuer))) ?? '{}') as { accessToken?: string }).accessToken ?? '';
  return { as, browser, coordinator, auth, lines, accessTokenOf };
}

describe('the account of a sign-in, from the provider’s userinfo (OIDC Core §5.3)', () => {
  it('names the account userinfo gives where the ID Token carries only the subject, and never logs the token', async () => {
    const { coordinator, browser, auth, lines, accessTokenOf } = await setUp();
    // No resource is named for a program's sign-in, so the token is one userinfo accepts, and
    // oidc-provider puts the email in userinfo only (OIDC Core §5.4), not in the ID Token.
    const status = await coordinator.connect('mail', stdioAuthTarget('mail', { auth: auth(['openid', 'email', 'offline_access']) }));
    await browser.settled();
    expect(status.connected).toBe(true);
    expect(status.account).toBe(TEST_USER_CLAIMS.email);
    const token = await accessTokenOf('mail');
    expect(token.length).toBeGreaterThan(10);
    expect(lines.join('\n')).not.toContain(token);
  });

  it('uses the profile’s username when no email is granted', async () => {
    const { coordinator, browser, auth } = await setUp();
    const status = await coordinator.connect('mail', stdioAuthTarget('mail', { auth: auth(['openid', 'profile']) }));
    await browser.settled();
    expect(status.account).toBe(TEST_USER_CLAIMS.preferred_username);
  });

  it('asks nothing without the openid scope, and keeps the ID Token’s account when userinfo fails', async () => {
    const broken = await setUp({ metadataOverrides: { userinfo_endpoint: 'http://127.0.0.1:9/nothing-here' } });
    const status = await broken.coordinator.connect('mail', stdioAuthTarget('mail', { auth: broken.auth(['openid', 'email']) }));
    await broken.browser.settled();
    // The sign-in itself stands; the account is the ID Token's subject, and the log says why.
    expect(status.connected).toBe(true);
    expect(status.account).toBe(TEST_USER);
    expect(broken.lines.some((line) => line.includes('[mail] userinfo gave no account'))).toBe(true);

    const plain = await setUp();
    const without = await plain.coordinator.connect('mail', stdioAuthTarget('mail', { auth: plain.auth(['offline_access']) }));
    await plain.browser.settled();
    expect(without.connected).toBe(true);
    expect(without.account).toBeUndefined();
    expect(plain.lines.some((line) => line.includes('userinfo'))).toBe(false);
  });

  it('for an MCP server’s token bound to its resource (RFC 8707), is not sent to userinfo: the ID Token names the account', async () => {
    const stack = await startStack();
    cleanups.push(() => stack.close());
    const { browser, lines, coordinator } = await signingCoordinator();
    const status = await coordinator.connect('notes', { url: stack.mcp.url, auth: { type: 'oauth', scopes: ['openid', 'email', 'mcp:read'] } });
    await browser.settled();
    expect(status.connected).toBe(true);
    expect(status.account).toBe(TEST_USER_CLAIMS.email);
    // The token was granted mcp:read only (its scope says so): userinfo would refuse it, so it is not asked.
    expect(lines.some((line) => line.includes('userinfo'))).toBe(false);
  });
});
