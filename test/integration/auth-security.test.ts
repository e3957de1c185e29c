import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, type AuthCoordinator } from '../../electron/auth';
import type { Vault } from '../../electron/vault';
import { PUBLIC_CLIENT } from '../fixtures/oauth/constants';
import { openTestVault, scriptedBrowser, startStack, type ScriptedBrowser, type Stack } from '../support/oauth-harness';
import { rejection } from '../support/rejection';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface SetUp {
  stack: Stack;
  vault: Vault;
  browser: ScriptedBrowser;
  coordinator: AuthCoordinator;
  opened: string[];
}

async function setUp(
  stackOptions: Parameters<typeof startStack>[0] = {},
  tamper?: (callback: URL) => URL,
  browserOptions: Omit<Parameters<typeof scriptedBrowser>[0], 'tamper'> = {},
  callbackTimeoutMs = 15_000,
): Promise<SetUp> {
  const stack = await startStack(stackOptions);
  cleanups.push(() => stack.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const browser = scriptedBrowser({ ...browserOptions, ...(tamper ? { tamper } : {}) });
  const opened: string[] = [];
  const coordinator = createAuthCoordinator({
    vault,
    dataDir,
    opener: (url) => {
      opened.push(url);
      return browser.opener(url);
    },
    callbackTimeoutMs,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))),
  });
  cleanups.push(() => coordinator.close());
  return { stack, vault, browser, coordinator, opened };
}

async function tokenCount(vault: Vault): Promise<number> {
  return (await vault.keys({ server: 'remote' })).filter((k) => k.kind.startsWith('tokens:')).length;
}

const auth = { type: 'oauth', clientId: PUBLIC_CLIENT.clientId };

describe('auth: authorization response checks (state, RFC 9207 iss)', () => {
  it('the listener refuses a redirect whose state is not the one sent, tells the browser, and the sign-in waits on (then times out)', async () => {
    const { stack, vault, browser, coordinator } = await setUp(
      {},
      (callback) => {
        callback.searchParams.set('state', 'forged-state-value');
        return callback;
      },
      {},
      2_000,
    );
    const error = await rejection(coordinator.connect('remote', { url: stack.mcp.url, auth }));
    expect(error.code).toBe('timeout');
    await browser.settled();
    expect(browser.visits[0]?.status).toBe(400);
    expect(browser.visits[0]?.page).toContain('does not belong to the sign-in in progress');
    expect(stack.as.counts.token['authorization_code'] ?? 0).toBe(0);
    expect(await tokenCount(vault)).toBe(0);
  });

  it('a stray callback from another process (wrong or no state) neither cancels nor finishes the sign-in: the real one completes', async () => {
    const strays = (callback: URL): URL[] => {
      const wrong = new URL(callback);
      wrong.searchParams.set('state', 'guessed');
      wrong.searchParams.set('code', 'attacker-code');
      const none = new URL(callback);
      none.search = '?error=access_denied';
      return [wrong, none];
    };
    const { stack, vault, browser, coordinator } = await setUp({}, undefined, { strays });
    await coordinator.connect('remote', { url: stack.mcp.url, auth });
    await browser.settled();
    expect(browser.visits[0]?.strayStatuses).toEqual([400, 400]);
    expect(browser.visits[0]?.status).toBe(200);
    expect(stack.as.counts.token['authorization_code']).toBe(1);
    expect(await tokenCount(vault)).toBe(1);
  });

  it('refuses a redirect that names another issuer', async () => {
    const { stack, vault, coordinator } = await setUp({ issMode: 'wrong' });
    const error = await rejection(coordinator.connect('remote', { url: stack.mcp.url, auth }));
    expect(error).toMatchObject({ code: 'denied', data: { check: 'iss' } });
    expect(error.message).toContain('iss mismatch');
    expect(stack.as.counts.token['authorization_code'] ?? 0).toBe(0);
    expect(await tokenCount(vault)).toBe(0);
  });

  it('refuses a redirect without iss when the AS promises one', async () => {
    const { stack, vault, coordinator } = await setUp({ issMode: 'missing' });
    const error = await rejection(coordinator.connect('remote', { url: stack.mcp.url, auth }));
    expect(error).toMatchObject({ code: 'denied', data: { check: 'iss' } });
    expect(error.message).toContain('did not name its issuer');
    expect(await tokenCount(vault)).toBe(0);
  });
});

describe('auth: PKCE S256 is required', () => {
  for (const [label, value] of [
    ['absent', null],
    ['plain only', ['plain']],
  ] as const) {
    it(`refuses an AS whose code_challenge_methods_supported is ${label}, before registering or opening anything`, async () => {
      const { stack, coordinator, opened } = await setUp({ metadataOverrides: { code_challenge_methods_supported: value } });
      const error = await rejection(coordinator.connect('remote', { url: stack.mcp.url }));
      expect(error.code).toBe('denied');
      expect(error.message).toContain('S256');
      expect(opened).toEqual([]);
      expect(stack.as.counts.registrations).toBe(0);
    });
  }
});

const HOSTILE = ['javascript:alert(document.cookie)', 'file:///etc/passwd', 'https://www.$(cmd).com/x', 'https://host:$(cmd)/x', 'https://www.$(touch /tmp/pwned).com/x'];

describe('auth: hostile metadata never reaches the opener', () => {
  for (const value of HOSTILE) {
    it(`authorization_endpoint ${value}`, async () => {
      const { stack, coordinator, opened } = await setUp({ metadataOverrides: { authorization_endpoint: value } });
      const error = await rejection(coordinator.connect('remote', { url: stack.mcp.url, auth }));
      expect(error.code).toBe('denied');
      expect(error.message).toMatch(/^Refused the authorization_endpoint/);
      expect(opened).toEqual([]);
    });

    it(`device verification_uri ${value}`, async () => {
      const { stack, coordinator, opened } = await setUp({ deviceOverrides: { verification_uri: value, verification_uri_complete: null } });
      const events: string[] = [];
      const error = await rejection(
        coordinator.connect('remote', { url: stack.mcp.url, auth }, { flow: 'device', onEvent: (event) => events.push(event.type) }),
      );
      expect(error.code).toBe('denied');
      expect(error.message).toMatch(/^Refused the verification_uri/);
      expect(opened).toEqual([]);
      // Nothing was shown to the person either.
      expect(events).not.toContain('device_code');
    });
  }

  it('a device user_code too long to type is refused, never shown nor polled', async () => {
    const { stack, coordinator, opened } = await setUp({ deviceOverrides: { user_code: 'WXYZ'.repeat(5_000) } });
    const events: string[] = [];
    const error = await rejection(coordinator.connect('remote', { url: stack.mcp.url, auth }, { flow: 'device', onEvent: (event) => events.push(event.type) }));
    expect(error.code).toBe('denied');
    expect(error.message).toContain('Refused the user_code of the authorization server of "remote": 20000 characters');
    expect(error.message).not.toContain('WXYZWXYZ');
    expect(opened).toEqual([]);
    expect(events).not.toContain('device_code');
  });

  it('device verification_uri_complete of javascript: is refused too', async () => {
    const { stack, coordinator, opened } = await setUp({ deviceOverrides: { verification_uri_complete: 'javascript:alert(1)' } });
    const error = await rejection(coordinator.connect('remote', { url: stack.mcp.url, auth }, { flow: 'device' }));
    expect(error.message).toMatch(/^Refused the verification_uri_complete/);
    expect(opened).toEqual([]);
  });

  it('never fetches a token endpoint at a link-local (cloud metadata) address', async () => {
    const { stack, coordinator, opened } = await setUp({ metadataOverrides: { token_endpoint: 'https://169.254.169.254/latest/meta-data/' } });
    const error = await rejection(coordinator.connect('remote', { url: stack.mcp.url, auth }));
    expect(error.code).toBe('denied');
    expect(error.message).toContain('link-local');
    expect(opened).toEqual([]);
  });

  it('refuses protected resource metadata that points at a metadata-service authorization server', async () => {
    const stack = await startStack({}, { prmOverrides: { authorization_servers: ['http://metadata.google.internal/computeMetadata'] } });
    cleanups.push(() => stack.close());
    const { vault, dataDir } = await openTestVault();
    cleanups.push(() => vault.close());
    const seen: string[] = [];
    const coordinator = createAuthCoordinator({
      vault,
      dataDir,
      opener: () => Promise.reject(new Error('must not open')),
      fetch: (url, init) => {
        seen.push(String(url));
        return fetch(url, init);
      },
    });
    cleanups.push(() => coordinator.close());
    const error = await rejection(coordinator.connect('remote', { url: stack.mcp.url }));
    expect(error.code).toBe('denied');
    expect(seen.some((u) => u.includes('metadata.google.internal'))).toBe(false);
  });
});
