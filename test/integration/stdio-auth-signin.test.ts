import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, stdioAuthTarget, tokensKey, type AuthCoordinator, type FlowEvent } from '../../electron/auth';
import type { Vault } from '../../electron/vault';
import { startAuthorizationServer, type AuthServer } from '../fixtures/oauth/authorization-server';
import { PUBLIC_CLIENT } from '../fixtures/oauth/constants';
import { approveDevice, openTestVault, scriptedBrowser } from '../support/oauth-harness';
import { rejection } from '../support/rejection';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Stored {
  accessToken: string;
  refreshToken?: string;
  expiresAt: number;
  resource: string;
  serverUrl: string;
}

async function setUp(asOptions: Parameters<typeof startAuthorizationServer>[0] = {}) {
  const as: AuthServer = await startAuthorizationServer(asOptions);
  cleanups.push(() => as.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const browser = scriptedBrowser();
  const coordinator: AuthCoordinator = createAuthCoordinator({ vault, dataDir, opener: browser.opener, sleep: (ms) => new Promise((r) => setTimeout(r, ms / 50)) });
  cleanups.push(() => coordinator.close());
  const auth = { type: 'oauth', issuer: as.issuer, clientId: PUBLIC_CLIENT.clientId, scopes: ['openid', 'offline_access'] };
  return { as, vault, browser, coordinator, auth };
}

async function read(vault: Vault, as: AuthServer, server = 'mail'): Promise<Stored> {
  return JSON.parse((await vault.get(tokensKey(server, as.issuer))) ?? 'null') as Stored;
}

describe('stdio auth: signing in for a program on this computer', () => {
  it('signs in through the browser at the issuer the entry names, with its extra parameters and no resource', async () => {
    const { as, vault, browser, coordinator, auth } = await setUp();
    const target = stdioAuthTarget('mail', { auth: { ...auth, authorizationParams: { access_type: 'offline', login_hint: 'someone' } } });
    const status = await coordinator.connect('mail', target);
    await browser.settled();
    expect(status).toMatchObject({ connected: true, refreshable: true, issuer: as.issuer, flow: 'browser' });
    const url = new URL(browser.visits[0]?.url ?? '');
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('login_hint')).toBe('someone');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.has('resource')).toBe(false);
    // Discovery went to the issuer the entry names, not to any protected resource metadata.
    expect(as.counts.wellKnown.some((p) => p.includes('oauth-protected-resource'))).toBe(false);
    const stored = await read(vault, as);
    expect(stored).toMatchObject({ resource: '', serverUrl: 'stdio://mail' });
    expect(stored.refreshToken).toBeDefined();
    const credential = await coordinator.credential('mail', target);
    expect(credential.accessToken).toBe(stored.accessToken);
    expect(credential.renewAt).toBeLessThan(stored.expiresAt);
    expect(credential.refresh).toBeUndefined();
  });

  it('signs in with a device code', async () => {
    const { as, vault, coordinator, auth } = await setUp();
    const approvals: Promise<string>[] = [];
    const onEvent = (event: FlowEvent): void => {
      if (event.type === 'device_code') approvals.push(approveDevice(event.verificationUriComplete ?? event.verificationUri));
    };
    // The person approves on another device: nothing is opened here (the scripted browser would approve too).
    const status = await coordinator.connect('mail', stdioAuthTarget('mail', { auth: { ...auth, type: 'device' } }), { onEvent, opener: () => Promise.resolve() });
    await Promise.all(approvals);
    expect(status).toMatchObject({ connected: true, flow: 'device' });
    expect((await read(vault, as)).refreshToken).toBeDefined();
  });

  it('renews a due token with the rotated refresh token, once, and hands over the refresh part only when asked', async () => {
    const { as, vault, coordinator, auth } = await setUp({ accessTokenTtl: 60 });
    const target = stdioAuthTarget('mail', { auth });
    await coordinator.connect('mail', target);
    const before = await read(vault, as);
    const key = tokensKey('mail', as.issuer);
    await vault.set(key, JSON.stringify({ ...before, expiresAt: Date.now() - 1000 }));
    const credentials = await Promise.all(Array.from({ length: 20 }, () => coordinator.credential('mail', target)));
    expect(new Set(credentials.map((c) => c.accessToken)).size).toBe(1);
    expect(as.counts.token['refresh_token']).toBe(1);
    const after = await read(vault, as);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    const full = await coordinator.credential('mail', target, { withRefresh: true });
    expect(full.refresh).toEqual({ clientId: PUBLIC_CLIENT.clientId, refreshToken: after.refreshToken, tokenEndpoint: `${as.issuer}/token` });
    expect(as.counts.revokedGrants).toBe(0);
  });

  it('without tokens: auth_required naming the command that fixes it', async () => {
    const { coordinator, auth } = await setUp();
    const error = await rejection(coordinator.credential('mail', stdioAuthTarget('mail', { auth })));
    expect(error.code).toBe('auth_required');
    expect(error.hint).toContain('connected-services connect mail');
  });

  it('disconnect --revoke ends the grant at the issuer', async () => {
    const { as, vault, coordinator, auth } = await setUp();
    const target = stdioAuthTarget('mail', { auth });
    await coordinator.connect('mail', target);
    const result = await coordinator.disconnect('mail', { revoke: true, config: target });
    expect(result).toEqual({ removed: 1, revoked: true });
    expect(await vault.get(tokensKey('mail', as.issuer))).toBeUndefined();
  });
});
