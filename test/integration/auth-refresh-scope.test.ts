import { afterEach, describe, expect, it } from 'vitest';
import { tokensKey } from '../../electron/auth';
import { PUBLIC_CLIENT } from '../fixtures/oauth/constants';
import { expireStoredToken, loggedAuthSetup, recordedScopes, scriptedBrowser, whoamiThrough } from '../support/oauth-harness';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const auth = { type: 'oauth', clientId: PUBLIC_CLIENT.clientId, scopes: ['openid', 'offline_access', 'mcp:read'] };

describe('auth: a refresh answering a wider scope than was granted (RFC 6749 §6)', () => {
  it('records only the scopes granted, and says so once', async () => {
    const { stack, vault, coordinator, lines } = await loggedAuthSetup(cleanups, scriptedBrowser().opener);
    await coordinator.connect('remote', { url: stack.mcp.url, auth });
    const key = tokensKey('remote', stack.as.issuer);
    const granted = await recordedScopes(vault, key);
    expect(granted).toContain('mcp:read');
    expect(granted).not.toContain('mcp:admin');

    // Narrower is allowed; wider is not recorded.
    stack.as.knobs.tokenOverrides = { refresh_token: { scope: [...granted.filter((s) => s !== 'openid'), 'mcp:admin'].join(' ') } };
    for (let i = 0; i < 2; i++) {
      await expireStoredToken(vault, key);
      expect((await whoamiThrough(coordinator, stack, auth)).status).toBe(200);
    }
    expect(stack.as.counts.token['refresh_token']).toBe(2);
    expect(await recordedScopes(vault, key)).toEqual(granted.filter((s) => s !== 'openid'));
    const noted = lines.filter((line) => line.includes('wider scope'));
    expect(noted).toHaveLength(1);
    expect(noted[0]).toContain('[remote]');
    expect(noted[0]).toContain('mcp:admin');
  });

  it('lets a scope narrowed by one refresh widen back to the original grant by the next, never beyond', async () => {
    const { stack, vault, coordinator, lines } = await loggedAuthSetup(cleanups, scriptedBrowser().opener);
    const both = { ...auth, scopes: [...auth.scopes, 'mcp:write'] };
    await coordinator.connect('remote', { url: stack.mcp.url, auth: both });
    const key = tokensKey('remote', stack.as.issuer);
    const granted = await recordedScopes(vault, key);
    expect(granted).toEqual(expect.arrayContaining(['mcp:read', 'mcp:write']));

    const narrower = granted.filter((s) => s !== 'mcp:write');
    for (const scope of [narrower, granted, [...granted, 'mcp:admin']]) {
      stack.as.knobs.tokenOverrides = { refresh_token: { scope: scope.join(' ') } };
      await expireStoredToken(vault, key);
      expect((await whoamiThrough(coordinator, stack, both)).status).toBe(200);
      expect(await recordedScopes(vault, key)).toEqual(scope === narrower ? narrower : granted);
    }
    const noted = lines.filter((line) => line.includes('wider scope'));
    expect(noted).toHaveLength(1);
    expect(noted[0]).toContain('mcp:admin');
    expect(noted[0]).not.toContain('mcp:write');
  });
});
