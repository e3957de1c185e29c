import { afterEach, describe, expect, it } from 'vitest';
import type { Vault } from '../../shared/vault';
import { tokenManagerCore } from '../../test/support/token-manager-core';
import { inRequestOperation } from '../net';
import { TokenManager } from './token-manager';
import { tokensKey, type TokenRecord } from './token-record';

// RFC 6749 §5.1 `expires_in: 0`: a client-credentials token that belongs to the one start it was fetched for.
const ISSUER = 'https://as.test';
const SERVER_URL = 'https://mcp.test/mcp';
const auth = { type: 'client_credentials' as const, clientId: 'client', clientSecret: 'shh' };
const KEY = tokensKey('srv', ISSUER);

const vaults: Vault[] = [];
afterEach(async () => {
  await Promise.all(vaults.splice(0).map((v) => v.close()));
});

function record(overrides: Partial<TokenRecord>): TokenRecord {
  return {
    v: 1, issuer: ISSUER, serverUrl: SERVER_URL, resource: SERVER_URL, flow: 'client_credentials', clientId: 'client', clientSource: 'preregistered',
    authMethod: 'none', tokenEndpoint: `${ISSUER}/token`, accessToken: 'old', tokenType: 'bearer', expiresAt: 1_000, obtainedAt: 0, scopes: [], requestedScopes: [],
    ...overrides,
  };
}

/** A manager whose clock the test moves, whose token endpoint issues `zero-1`, `zero-2`, … of no lifetime. */
async function setUp(wrap: (vault: Vault) => Vault = (v) => v) {
  const clock = { now: 10_000 };
  const issued: string[] = [];
  const fetch = (): Promise<Response> => {
    issued.push(`zero-${issued.length + 1}`);
    return Promise.resolve(Response.json({ access_token: issued.at(-1), token_type: 'bearer', expires_in: 0 }));
  };
  const { core, vault } = await tokenManagerCore(fetch, { now: () => clock.now }, 'cs-auth-zero-');
  vaults.push(vault);
  core.vault = wrap(vault);
  await vault.set(KEY, JSON.stringify(record({})));
  return { manager: new TokenManager(core), vault, clock, issued };
}

describe('a token of no lifetime belongs to one start', () => {
  it('a start whose token was refused never takes the one another start fetched, at the same instant or later', async () => {
    const { manager, clock } = await setUp();
    const first = await inRequestOperation(async () => (await manager.current('srv', SERVER_URL, auth))?.accessToken);
    expect(first).toBe('zero-1');
    // Another start sent `mine` and was refused; the vault holds the first start's token.
    const second = await inRequestOperation(async () => {
      const fresh = (await manager.current('srv', SERVER_URL, auth, 'mine'))?.accessToken;
      return [fresh, (await manager.current('srv', SERVER_URL, auth))?.accessToken];
    });
    expect(second).toEqual(['zero-2', 'zero-2']);
    clock.now += 500;
    expect(await inRequestOperation(async () => (await manager.current('srv', SERVER_URL, auth, 'mine'))?.accessToken)).toBe('zero-3');
    // Outside any start as well.
    expect((await manager.current('srv', SERVER_URL, auth, 'mine'))?.accessToken).toBe('zero-4');
  });

  it('a refused token still picks up a valid one another caller renewed, without a request', async () => {
    const { manager, vault, issued } = await setUp();
    await vault.set(KEY, JSON.stringify(record({ accessToken: 'lasting', expiresAt: 10_000 + 3_600_000, obtainedAt: 10_000 })));
    expect((await manager.current('srv', SERVER_URL, auth, 'mine'))?.accessToken).toBe('lasting');
    expect(issued).toEqual([]);
  });

  it('when another process stored its own start\'s token during a renewal, the renewed one is handed out', async () => {
    const racing = (real: Vault): Vault => ({
      get: (key) => real.get(key),
      set: (key, value) => real.set(key, value),
      delete: (key) => real.delete(key),
      keys: (filter) => real.keys(filter),
      compareAndSet: async (key, expected, value) => {
        await real.set(key, JSON.stringify(record({ accessToken: 'theirs', expiresAt: 10_000, obtainedAt: 10_000 })));
        return real.compareAndSet(key, expected, value);
      },
      compareAndDelete: (key, expected) => real.compareAndDelete(key, expected),
      health: () => real.health(),
      checkHealth: () => real.checkHealth(),
      on: (event, listener) => real.on(event, listener),
      close: () => real.close(),
    });
    const { manager } = await setUp(racing);
    expect(await inRequestOperation(async () => (await manager.current('srv', SERVER_URL, auth))?.accessToken)).toBe('zero-1');
  });

  it('obtainOnce does not take another start\'s token for valid', async () => {
    const { manager, vault, clock } = await setUp();
    await vault.set(KEY, JSON.stringify(record({ accessToken: 'theirs', expiresAt: 20_000, obtainedAt: 20_000 })));
    // A clock set back below the instant it was fetched at does not make it valid either.
    clock.now = 15_000;
    const obtained = await inRequestOperation(() => manager.obtainOnce('srv', SERVER_URL, () => Promise.resolve(record({ accessToken: 'own', expiresAt: 15_000, obtainedAt: 15_000 }))));
    expect(obtained.accessToken).toBe('own');
  });
});
