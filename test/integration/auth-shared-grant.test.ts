import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, tokensKey } from '../../electron/auth';
import { PUBLIC_CLIENT } from '../fixtures/oauth/constants';
import { openTestVault, scriptedBrowser, startStack } from '../support/oauth-harness';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two services at one authorization server, one registered client, signed in from one browser: one grant. */
async function setUp() {
  const stack = await startStack({});
  cleanups.push(() => stack.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const browser = scriptedBrowser({ oneSession: true });
  const clock = { offset: 0 };
  const coordinator = createAuthCoordinator({ vault, dataDir, opener: browser.opener, callbackTimeoutMs: 15_000, now: () => Date.now() + clock.offset });
  cleanups.push(() => coordinator.close());
  const target = { url: stack.mcp.url, auth: { type: 'oauth', clientId: PUBLIC_CLIENT.clientId } };
  await coordinator.connect('mail', target);
  await coordinator.connect('notes', target);
  const whoami = async (server: string) => (await coordinator.fetchFor(server, target)?.(stack.mcp.whoamiUrl))?.status;
  return { stack, vault, coordinator, clock, target, whoami };
}

describe('auth: revoking one service of a shared grant', () => {
  it('status names the services sharing the issuer and client', async () => {
    const { coordinator, target } = await setUp();
    expect((await coordinator.status('mail', target)).sharesGrantWith).toEqual(['notes']);
    expect((await coordinator.status('notes', target)).sharesGrantWith).toEqual(['mail']);
  });

  it('leaves a grant another service uses live: the other still calls, and still refreshes', async () => {
    const { stack, vault, coordinator, clock, target, whoami } = await setUp();
    expect(await whoami('notes')).toBe(200);
    const result = await coordinator.disconnect('mail', { revoke: true, config: target });

    expect(await whoami('notes').catch((error: unknown) => String(error))).toBe(200);
    clock.offset = 2 * 3600_000; // its access token expired: the grant's refresh token must still work
    expect(await whoami('notes').catch((error: unknown) => String(error))).toBe(200);
    expect(stack.as.counts.token['refresh_token']).toBe(1);
    expect(stack.as.counts.revokedGrants).toBe(0);
    expect(result).toEqual({ removed: 1, revoked: false, grantSharedWith: ['notes'] });
    expect(await vault.get(tokensKey('mail', stack.as.issuer))).toBeUndefined();
    expect((await coordinator.status('notes', target)).sharesGrantWith).toBeUndefined();
  });

  it('the last service of the grant revokes the grant itself', async () => {
    const { stack, coordinator, target } = await setUp();
    await coordinator.disconnect('mail', { revoke: true, config: target });
    expect(await coordinator.disconnect('notes', { revoke: true, config: target })).toEqual({ removed: 1, revoked: true });
    expect(stack.as.counts.revokedGrants).toBe(1);
  });
});
