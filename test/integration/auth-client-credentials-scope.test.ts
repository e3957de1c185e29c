import { afterEach, describe, expect, it } from 'vitest';
import { tokensKey } from '../../electron/auth';
import { secretKey } from '../../electron/vault';
import { CC_BASIC_CLIENT } from '../fixtures/oauth/constants';
import { expireStoredToken, loggedAuthSetup, recordedScopes, whoamiThrough } from '../support/oauth-harness';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const auth = { type: 'client_credentials', clientId: CC_BASIC_CLIENT.clientId, clientSecret: '${secret:CC_SECRET}', scopes: ['mcp:read', 'mcp:write'] };

describe('auth: a client credentials grant or renewal answering a wider scope than was asked for (RFC 6749 §3.3, §4.4)', () => {
  it('records only the scopes asked for, narrower ones as answered, and says so once', async () => {
    const { stack, vault, coordinator, lines } = await loggedAuthSetup(cleanups, () => Promise.reject(new Error('no browser')));
    await vault.set(secretKey('CC_SECRET'), CC_BASIC_CLIENT.clientSecret);
    await coordinator.connect('machine', { url: stack.mcp.url, auth });
    const key = tokensKey('machine', stack.as.issuer);
    expect(await recordedScopes(vault, key)).toEqual(['mcp:read', 'mcp:write']);

    for (const [answered, recorded] of [
      ['mcp:read mcp:write mcp:admin', ['mcp:read', 'mcp:write']],
      ['mcp:read', ['mcp:read']],
      ['mcp:admin mcp:write', ['mcp:write']],
    ] as const) {
      stack.as.knobs.tokenOverrides = { client_credentials: { scope: answered } };
      await expireStoredToken(vault, key);
      expect((await whoamiThrough(coordinator, stack, auth, 'machine')).status).toBe(200);
      expect(await recordedScopes(vault, key)).toEqual(recorded);
    }
    expect(stack.as.counts.token['client_credentials']).toBe(4);
    const noted = lines.filter((line) => line.includes('wider scope'));
    expect(noted).toHaveLength(1);
    expect(noted[0]).toContain('[machine]');
    expect(noted[0]).toContain('mcp:admin');
    expect(noted[0]).toContain('§3.3');
  });

  it('bounds the first grant too, obtained by connect or by the first call, and says so once with its renewals', async () => {
    const { stack, vault, coordinator, lines } = await loggedAuthSetup(cleanups, () => Promise.reject(new Error('no browser')));
    await vault.set(secretKey('CC_SECRET'), CC_BASIC_CLIENT.clientSecret);
    stack.as.knobs.tokenOverrides = { client_credentials: { scope: 'mcp:read mcp:write mcp:admin' } };
    await coordinator.connect('machine', { url: stack.mcp.url, auth });
    const key = tokensKey('machine', stack.as.issuer);
    expect(JSON.parse((await vault.get(key)) ?? 'null')).toMatchObject({ scopes: ['mcp:read', 'mcp:write'], grantedScopes: ['mcp:read', 'mcp:write'] });
    await expireStoredToken(vault, key);
    expect((await whoamiThrough(coordinator, stack, auth, 'machine')).status).toBe(200);
    expect(await recordedScopes(vault, key)).toEqual(['mcp:read', 'mcp:write']);
    const noted = lines.filter((line) => line.includes('wider scope'));
    expect(noted).toEqual([expect.stringContaining('[machine] a client credentials grant answered a wider scope than was asked for (mcp:admin)')]);

    // No connect: the first call obtains the tokens itself.
    expect((await whoamiThrough(coordinator, stack, auth, 'other')).status).toBe(200);
    expect(await recordedScopes(vault, tokensKey('other', stack.as.issuer))).toEqual(['mcp:read', 'mcp:write']);
    expect(lines.filter((line) => line.includes('[other]') && line.includes('wider scope'))).toHaveLength(1);
  });
});
