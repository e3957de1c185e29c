import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, tokensKey, type AuthCoordinator, type AuthStatusChange } from '../../electron/auth';
import type { Vault } from '../../electron/vault';
import { PUBLIC_CLIENT } from '../fixtures/oauth/constants';
import { openTestVault, scriptedBrowser, startStack, whoamiThrough, type Stack } from '../support/oauth-harness';
import { rejection } from '../support/rejection';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const auth = { type: 'oauth', clientId: PUBLIC_CLIENT.clientId };

async function setUp() {
  const stack: Stack = await startStack();
  cleanups.push(() => stack.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const statuses: [string, AuthStatusChange][] = [];
  const lines: string[] = [];
  const coordinator: AuthCoordinator = createAuthCoordinator({
    vault,
    dataDir,
    opener: scriptedBrowser().opener,
    onStatus: (server, status) => statuses.push([server, status]),
    log: (line) => lines.push(line),
  });
  cleanups.push(() => coordinator.close());
  return { stack, vault, coordinator, statuses, lines, key: tokensKey('remote', stack.as.issuer) };
}

async function rewrite(vault: Vault, key: ReturnType<typeof tokensKey>, change: Record<string, unknown>): Promise<void> {
  const record = JSON.parse((await vault.get(key)) ?? '{}') as Record<string, unknown>;
  await vault.set(key, JSON.stringify({ ...record, ...change }));
}

async function stored(vault: Vault, key: ReturnType<typeof tokensKey>): Promise<{ accessToken: string; refreshToken?: string; tokenType: string }> {
  return JSON.parse((await vault.get(key)) ?? 'null') as { accessToken: string; refreshToken?: string; tokenType: string };
}

function expectDpopRefusal(error: { code: string; message: string; hint?: string | undefined; data?: Record<string, unknown> | undefined }): void {
  expect(error.code).toBe('invalid_config');
  expect(error.message).toContain('DPoP');
  expect(error.message).toContain('does not support');
  expect(error.hint).toContain('Bearer tokens');
  expect(error.data).toMatchObject({ server: 'remote', unsupported: 'dpop' });
}

describe('auth: DPoP-bound tokens (RFC 9449), which are not supported', () => {
  it('a sign-in answered with token_type DPoP is refused at once and stores nothing', async () => {
    const { stack, vault, coordinator, key } = await setUp();
    stack.as.knobs.tokenOverrides = { authorization_code: { token_type: 'DPoP' } };
    const error = await rejection(coordinator.connect('remote', { url: stack.mcp.url, auth }));
    expectDpopRefusal(error);
    expect(await vault.get(key)).toBeUndefined();
  });

  it('a refresh answered with token_type DPoP is refused at once, once, keeping the rotated refresh token', async () => {
    const { stack, vault, coordinator, statuses, key } = await setUp();
    await coordinator.connect('remote', { url: stack.mcp.url, auth });
    const before = await stored(vault, key);
    await rewrite(vault, key, { expiresAt: Date.now() - 1000, obtainedAt: Date.now() - 3_601_000 });
    stack.as.knobs.tokenOverrides = { refresh_token: { token_type: 'DPoP' } };
    statuses.length = 0;

    const error = await rejection(whoamiThrough(coordinator, stack, auth));
    expectDpopRefusal(error);
    expect(stack.as.counts.token['refresh_token']).toBe(1);
    const status = statuses.find(([server, s]) => server === 'remote' && s.state === 'needs_auth')?.[1];
    expect(status?.error?.data?.['unsupported']).toBe('dpop');
    const after = await stored(vault, key);
    expect(after.tokenType.toLowerCase()).toBe('bearer');
    expect(after.accessToken).toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);

    // Once the service issues Bearer tokens again, the grant still works.
    delete stack.as.knobs.tokenOverrides;
    expect((await whoamiThrough(coordinator, stack, auth)).status).toBe(200);
    expect(stack.as.counts.revokedGrants).toBe(0);
  });

  it('an early renewal answered with token_type DPoP keeps the current token until it expires, then is refused', async () => {
    const { stack, vault, coordinator, statuses, lines, key } = await setUp();
    await coordinator.connect('remote', { url: stack.mcp.url, auth });
    const before = await stored(vault, key);
    // Within a minute of its expiry: renewed early, still valid.
    await rewrite(vault, key, { expiresAt: Date.now() + 55_000, obtainedAt: Date.now() - 3_600_000 });
    stack.as.knobs.tokenOverrides = { refresh_token: { token_type: 'DPoP' } };
    statuses.length = 0;

    expect((await whoamiThrough(coordinator, stack, auth)).status).toBe(200);
    expect(stack.as.counts.token['refresh_token']).toBe(1);
    const early = await stored(vault, key);
    expect(early.accessToken).toBe(before.accessToken);
    expect(early.refreshToken).not.toBe(before.refreshToken);
    expect(statuses.filter(([, s]) => s.state === 'needs_auth')).toEqual([]);
    const noted = lines.filter((line) => line.includes('DPoP'));
    expect(noted).toHaveLength(1);
    expect(noted[0]).toContain('[remote]');
    expect(noted[0]).toContain('until it expires');

    await rewrite(vault, key, { expiresAt: Date.now() - 1000, obtainedAt: Date.now() - 3_601_000 });
    expectDpopRefusal(await rejection(whoamiThrough(coordinator, stack, auth)));
    expect(statuses.find(([server, s]) => server === 'remote' && s.state === 'needs_auth')?.[1].error?.data?.['unsupported']).toBe('dpop');
    expect(stack.as.counts.revokedGrants).toBe(0);
  });

  it('a token stored as DPoP-bound (any case) is never sent as Bearer, nor refreshed in a loop', async () => {
    const { stack, vault, coordinator, key } = await setUp();
    await coordinator.connect('remote', { url: stack.mcp.url, auth });
    await rewrite(vault, key, { tokenType: 'DPOP' });
    for (let i = 0; i < 2; i++) expectDpopRefusal(await rejection(whoamiThrough(coordinator, stack, auth)));
    expect(stack.as.counts.token['refresh_token']).toBeUndefined();
  });
});
