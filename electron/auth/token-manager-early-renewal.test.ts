import { afterEach, describe, expect, it } from 'vitest';
import type { Vault } from '../../shared/vault';
import { tokenManagerCore } from '../../test/support/token-manager-core';
import { TokenManager } from './token-manager';
import { tokensKey, type TokenRecord } from './token-record';

// A renewal tried before expiry (refreshMargin) that fails leaves the current token in use; it is tried
// again later, not at every use: each try would spend a refresh token and write a log line.
const ISSUER = 'https://as.test';
const SERVER_URL = 'https://mcp.test/mcp';
const auth = { type: 'oauth' as const };

const vaults: Vault[] = [];
afterEach(async () => {
  await Promise.all(vaults.splice(0).map((v) => v.close()));
});

/** A token obtained at 0 that expires at 400 s: its renewal is due from 340 s (a margin of 60 s). */
function record(): TokenRecord {
  return {
    v: 1, issuer: ISSUER, serverUrl: SERVER_URL, resource: SERVER_URL, flow: 'browser', clientId: 'client', clientSource: 'metadata-document',
    authMethod: 'none', tokenEndpoint: `${ISSUER}/token`, accessToken: 'access-1', tokenType: 'bearer', refreshToken: 'refresh-1',
    expiresAt: 400_000, obtainedAt: 0, scopes: ['a'], requestedScopes: ['a'],
  };
}

async function setUp(answer: () => Promise<Response>) {
  const clock = { now: 340_000 };
  const logs: string[] = [];
  let requests = 0;
  const fetch = () => {
    requests += 1;
    return answer();
  };
  const { core, vault } = await tokenManagerCore(fetch, { now: () => clock.now, log: (line) => void logs.push(line) });
  vaults.push(vault);
  await vault.set(tokensKey('srv', ISSUER), JSON.stringify(record()));
  return { manager: new TokenManager(core), clock, logs, requests: () => requests };
}

describe('an early renewal that failed', () => {
  it('is not tried again at each use while the token serves, but later, and at expiry', async () => {
    const { manager, clock, logs, requests } = await setUp(() => Promise.reject(new TypeError('fetch failed')));
    for (let use = 0; use < 5; use += 1) expect((await manager.current('srv', SERVER_URL, auth))?.accessToken).toBe('access-1');
    expect(requests()).toBe(1);
    expect(logs.filter((line) => line.includes('token refresh failed'))).toEqual([
      '[srv] token refresh failed, the current token is still valid: Could not reach the authorization server while refreshing the token: fetch failed',
    ]);
    // A quarter of the 60 s left: tried again after 15 s, not before.
    clock.now = 354_999;
    await manager.current('srv', SERVER_URL, auth);
    expect(requests()).toBe(1);
    clock.now = 355_000;
    await manager.current('srv', SERVER_URL, auth);
    expect(requests()).toBe(2);
    // Expired: due whatever the pause, and a failure now is the caller's.
    clock.now = 400_000;
    await expect(manager.current('srv', SERVER_URL, auth)).rejects.toMatchObject({ code: 'server_unavailable' });
    expect(requests()).toBe(3);
  });

  it('a server refusing the token renews it at once, paused or not', async () => {
    const { manager, requests } = await setUp(() => Promise.reject(new TypeError('fetch failed')));
    await manager.current('srv', SERVER_URL, auth);
    await expect(manager.current('srv', SERVER_URL, auth, 'access-1')).rejects.toMatchObject({ code: 'server_unavailable' });
    expect(requests()).toBe(2);
  });

  it('answered with a DPoP-bound token, keeps the rotated refresh token and waits as well', async () => {
    let issued = 0;
    const { manager, requests } = await setUp(() => {
      issued += 1;
      return Promise.resolve(Response.json({ access_token: `dpop-${issued}`, token_type: 'DPoP', refresh_token: `refresh-${issued + 1}`, expires_in: 100 }));
    });
    const first = await manager.current('srv', SERVER_URL, auth);
    expect(first).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-2' });
    for (let use = 0; use < 4; use += 1) await manager.current('srv', SERVER_URL, auth);
    expect(requests()).toBe(1);
  });
});
