import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, REGISTRATION_NAMESPACE, registrationKey, type FetchLike } from '../../electron/auth';
import { freePort } from '../support/ports';
import { openTestVault, scriptedBrowser, startStack } from '../support/oauth-harness';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Many servers issue confidential registrations whatever the client asks for: simulated by asking oidc-provider for one. */
function confidentialRegistrations(issuer: string): FetchLike {
  return (url, init) => {
    if (String(url) === `${issuer}/reg` && init?.method === 'POST' && typeof init.body === 'string') {
      const body = JSON.parse(init.body) as Record<string, unknown>;
      return fetch(url, { ...init, body: JSON.stringify({ ...body, token_endpoint_auth_method: 'client_secret_basic' }) });
    }
    return fetch(url, init);
  };
}

/** The registration answer of oidc-provider, changed as a misbehaving server would send it. */
function alteredRegistrations(issuer: string, alter: (answer: Record<string, unknown>) => Record<string, unknown>): FetchLike {
  return async (url, init) => {
    const response = await fetch(url, init);
    if (String(url) !== `${issuer}/reg` || init?.method !== 'POST') return response;
    const answer = alter((await response.json()) as Record<string, unknown>);
    return new Response(JSON.stringify(answer), { status: response.status, headers: { 'content-type': 'application/json' } });
  };
}

async function setUp(fetchOf: (issuer: string) => FetchLike = confidentialRegistrations) {
  const stack = await startStack({});
  cleanups.push(() => stack.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const browser = scriptedBrowser();
  const clock = { offset: 0 };
  const coordinator = createAuthCoordinator({
    vault,
    dataDir,
    opener: browser.opener,
    callbackTimeoutMs: 15_000,
    fetch: fetchOf(stack.as.issuer),
    now: () => Date.now() + clock.offset,
  });
  cleanups.push(() => coordinator.close());
  return { stack, vault, coordinator, clock, browser };
}

describe('auth: dynamic registrations per authorization server and client', () => {
  it('two servers behind one AS with different redirect URIs each keep their registration, and both refresh', async () => {
    const { stack, vault, coordinator, clock } = await setUp();
    const alpha = { url: stack.mcp.url, auth: { type: 'oauth', callbackPort: await freePort() } };
    const beta = { url: stack.mcp.url, auth: { type: 'oauth' } };
    await coordinator.connect('alpha', alpha);
    await coordinator.connect('beta', beta);
    expect(stack.as.counts.registrations).toBe(2);
    expect(await vault.keys({ server: REGISTRATION_NAMESPACE })).toHaveLength(2);

    clock.offset = 2 * 3600_000; // both access tokens expired: each needs its own client to refresh
    for (const [name, target] of [['alpha', alpha], ['beta', beta]] as const) {
      const response = await coordinator.fetchFor(name, target)?.(stack.mcp.whoamiUrl);
      expect(response?.status, name).toBe(200);
    }
    expect(stack.as.counts.token['refresh_token']).toBe(2);

    // A third server with the first one's redirect URI reuses that registration.
    await coordinator.connect('gamma', { url: stack.mcp.url, auth: alpha.auth });
    expect(stack.as.counts.registrations).toBe(2);
  });

  it('a registration stored by an earlier version (one slot per issuer) is still used', async () => {
    const { stack, vault, coordinator } = await setUp();
    await coordinator.connect('alpha', { url: stack.mcp.url });
    const [key] = await vault.keys({ server: REGISTRATION_NAMESPACE });
    if (!key) throw new Error('no registration stored');
    // Move it to where earlier versions kept it.
    const raw = (await vault.get(key)) ?? '';
    await vault.delete(key);
    await vault.set(registrationKey(stack.as.issuer), raw);
    await coordinator.connect('beta', { url: stack.mcp.url });
    expect(stack.as.counts.registrations).toBe(1);
  });

  it('a registration answer naming other redirect URIs is refused and not kept (RFC 7591 §3.2.1)', async () => {
    const elsewhere = (issuer: string) => alteredRegistrations(issuer, (answer) => ({ ...answer, redirect_uris: ['https://attacker.example/callback'] }));
    const { stack, vault, coordinator } = await setUp(elsewhere);
    const failure = coordinator.connect('alpha', { url: stack.mcp.url });
    await expect(failure).rejects.toMatchObject({ code: 'denied' });
    await expect(failure).rejects.toThrow('https://attacker.example/callback');
    expect(await vault.keys({ server: REGISTRATION_NAMESPACE })).toEqual([]);
  });

  it('a registration answer writing our redirect URI in another case and with its default port is ours, signs in with it and is reused (RFC 7591 §3.2.1)', async () => {
    const normalized = (issuer: string) => alteredRegistrations(issuer, (answer) => ({ ...answer, redirect_uris: ['HTTP://127.0.0.1:80/callback'] }));
    const { stack, vault, coordinator, browser } = await setUp(normalized);
    await coordinator.connect('alpha', { url: stack.mcp.url });
    const [visit] = browser.visits;
    // The authorization request names the registered URI in its normal form, on the listener's port (RFC 8252 §7.3).
    expect(new URL(visit?.url ?? '').searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(visit?.status).toBe(200);
    await coordinator.connect('beta', { url: stack.mcp.url });
    expect(stack.as.counts.registrations).toBe(1);
    expect(await vault.keys({ server: REGISTRATION_NAMESPACE })).toHaveLength(1);
  });

  it('a registration of our redirect URI with a slash added is that other URI: the sign-in names it, its listener answers it, and it is reused', async () => {
    // The server registers what it answers (RFC 7591 §3.2.1): oidc-provider is sent the slashed URI so that it does.
    const slashed = (issuer: string): FetchLike => (url, init) => {
      if (String(url) !== `${issuer}/reg` || init?.method !== 'POST' || typeof init.body !== 'string') return fetch(url, init);
      const body = JSON.parse(init.body) as Record<string, unknown>;
      return fetch(url, { ...init, body: JSON.stringify({ ...body, redirect_uris: ['http://127.0.0.1/callback/'] }) });
    };
    const { stack, vault, coordinator, browser } = await setUp(slashed);
    await coordinator.connect('alpha', { url: stack.mcp.url });
    const [visit] = browser.visits;
    expect(new URL(visit?.url ?? '').searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\/$/);
    await coordinator.connect('beta', { url: stack.mcp.url });
    await browser.settled();
    expect(browser.visits.map((v) => v.status)).toEqual([200, 200]);
    expect(stack.as.counts.registrations).toBe(1);
    expect(await vault.keys({ server: REGISTRATION_NAMESPACE })).toHaveLength(1);
  });

  it('a confidential registration answer without its client_secret is refused and not kept', async () => {
    const secretless = (issuer: string) =>
      alteredRegistrations(issuer, (answer) => {
        const { client_secret: _dropped, ...rest } = answer;
        return { ...rest, token_endpoint_auth_method: 'client_secret_basic' };
      });
    const { stack, vault, coordinator } = await setUp(secretless);
    const failure = coordinator.connect('alpha', { url: stack.mcp.url });
    await expect(failure).rejects.toMatchObject({ code: 'denied' });
    await expect(failure).rejects.toThrow('no client_secret');
    expect(await vault.keys({ server: REGISTRATION_NAMESPACE })).toEqual([]);
    expect(stack.as.counts.registrations).toBe(1);
  });
});
