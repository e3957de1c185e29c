import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CodedError } from '../../shared/errors';
import type { Vault, VaultKey } from '../../shared/vault';
import { openVault } from '../vault';
import type { CoreContext } from './core-context';
import { ServerPeers } from './server-peers';
import { DEFAULT_AUTH_LOCK } from './file-lock';
import { inRequestOperation, type FetchLike } from '../net';
import { registrationKey } from './client-identity';
import { KeyedQueue } from '../fs-safe';
import { TokenManager } from './token-manager';
import { tokensKey, type TokenRecord } from './token-record';
import { Redactor } from '../../shared/redact';
import { leavesProcessRedactorAsFound } from '../../test/support/process-redactor';

// What these vaults hold becomes known to this file's own redactor: the process's is shared by the worker's other test files.
const testRedactor = new Redactor();
leavesProcessRedactorAsFound(['secret-1', 'secret-2', 'access-1', 'access-2', 'refresh-1', 'refresh-2']);

const vaults: Vault[] = [];
afterEach(async () => {
  await Promise.all(vaults.splice(0).map((v) => v.close()));
});

const ISSUER = 'https://as.test';
const SERVER_URL = 'https://mcp.test/mcp';
const auth = { type: 'oauth' as const };

function record(overrides: Partial<TokenRecord> = {}): TokenRecord {
  return {
    v: 1,
    issuer: ISSUER,
    serverUrl: SERVER_URL,
    resource: SERVER_URL,
    flow: 'browser',
    clientId: 'client',
    clientSource: 'metadata-document',
    authMethod: 'none',
    tokenEndpoint: `${ISSUER}/token`,
    accessToken: 'access-1',
    tokenType: 'bearer',
    refreshToken: 'refresh-1',
    expiresAt: 1_000,
    obtainedAt: 0,
    scopes: ['a'],
    requestedScopes: ['a'],
    ...overrides,
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function setUp(fetch: FetchLike, vaultOverride?: (vault: Vault, dir: string) => Vault) {
  const dir = mkdtempSync(join(tmpdir(), 'cs-auth-unit-'));
  const real = await openVault({ dataDir: join(dir, 'data'), provider: 'memory', redactor: testRedactor });
  vaults.push(real);
  const vault = vaultOverride ? vaultOverride(real, dir) : real;
  const needs: [string, CodedError][] = [];
  const logs: string[] = [];
  const core: CoreContext = {
    vault,
    dataDir: dir,
    env: {},
    fetch,
    endpointFetch: fetch,
    serverFetch: fetch,
    reachOf: () => Promise.resolve({ reach: 'public', pins: new Map() }),
    peers: new ServerPeers(),
    answerReach: () => undefined,
    resolver: () => Promise.reject(new Error('no lookup in these tests')),
    now: () => 10_000,
    log: (line) => void logs.push(line),
    lock: DEFAULT_AUTH_LOCK,
    mutex: new KeyedQueue(),
    resolveSecret: (_server, value) => Promise.resolve(value),
    markNeedsAuth: (server, error) => needs.push([server, error]),
    markConnected: () => undefined,
    remember: () => undefined,
  };
  const key = tokensKey('srv', ISSUER);
  await real.set(key, JSON.stringify(record()));
  return { manager: new TokenManager(core), vault: real, key, needs, logs, dir };
}

describe('TokenManager refresh', () => {
  it('a token issued with no lifetime serves the rest of the operation it was fetched in, and is renewed at each use outside one', async () => {
    let issued = 0;
    const { manager } = await setUp(() => Promise.resolve(json(200, { access_token: `zero-${++issued}`, token_type: 'bearer', expires_in: 0 })));
    const start = await inRequestOperation(async () => [
      (await manager.current('srv', SERVER_URL, auth))?.accessToken,
      (await manager.current('srv', SERVER_URL, auth))?.accessToken,
      (await manager.current('srv', SERVER_URL, auth))?.accessToken,
    ]);
    expect(start).toEqual(['zero-1', 'zero-1', 'zero-1']);
    // Refused by the server within the operation: renewed, as any token is.
    expect(await inRequestOperation(async () => (await manager.current('srv', SERVER_URL, auth, (await manager.current('srv', SERVER_URL, auth))?.accessToken))?.accessToken)).toBe('zero-3');
    // After its operation, never taken for valid.
    expect((await manager.current('srv', SERVER_URL, auth))?.accessToken).toBe('zero-4');
    expect((await manager.current('srv', SERVER_URL, auth))?.accessToken).toBe('zero-5');
  });

  it('stores the rotated refresh token before handing out the new access token', async () => {
    const { manager, vault, key } = await setUp(() => Promise.resolve(json(200, { access_token: 'access-2', refresh_token: 'refresh-2', token_type: 'bearer', expires_in: 60 })));
    const fresh = await manager.current('srv', SERVER_URL, auth);
    expect(fresh).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2', expiresAt: 70_000 });
    expect(JSON.parse((await vault.get(key)) ?? '{}')).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('hands out nothing when the rotated token cannot be saved', async () => {
    const failingWrites = (vault: Vault): Vault => ({
      get: (key) => vault.get(key),
      set: (key, value) => vault.set(key, value),
      delete: (key) => vault.delete(key),
      keys: (filter) => vault.keys(filter),
      compareAndSet: () => Promise.reject(new Error('disk full')),
      compareAndDelete: (key, expected) => vault.compareAndDelete(key, expected),
      health: () => vault.health(),
      checkHealth: () => vault.checkHealth(),
      on: (event, listener) => vault.on(event, listener),
      close: () => vault.close(),
    });
    const { manager, vault, key } = await setUp(
      () => Promise.resolve(json(200, { access_token: 'access-2', refresh_token: 'refresh-2', token_type: 'bearer' })),
      failingWrites,
    );
    await expect(manager.current('srv', SERVER_URL, auth)).rejects.toThrow('disk full');
    expect(JSON.parse((await vault.get(key)) ?? '{}')).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  it('invalid_grant deletes the tokens that failed and marks needs_auth', async () => {
    const { manager, vault, key, needs } = await setUp(() => Promise.resolve(json(400, { error: 'invalid_grant' })));
    await expect(manager.current('srv', SERVER_URL, auth)).rejects.toMatchObject({ code: 'auth_required', data: { oauthError: 'invalid_grant' } });
    expect(await vault.get(key)).toBeUndefined();
    expect(needs.map(([server]) => server)).toEqual(['srv']);
  });

  it("invalid_grant's error_uri is carried to the needs-sign-in state when it passes the URL check, and dropped when not", async () => {
    const page = 'https://as.example/errors/invalid_grant';
    const shown = await setUp(() => Promise.resolve(json(400, { error: 'invalid_grant', error_uri: page })));
    const error = await shown.manager.current('srv', SERVER_URL, auth).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'auth_required', data: { oauthError: 'invalid_grant', errorUri: page } });
    expect((error as { hint: string }).hint).toContain(page);
    expect(shown.needs[0]?.[1]).toBe(error);
    const hostile = await setUp(() => Promise.resolve(json(400, { error: 'invalid_grant', error_uri: 'javascript:alert(1)' })));
    const refused = await hostile.manager.current('srv', SERVER_URL, auth).catch((e: unknown) => e);
    expect((refused as { data: Record<string, unknown> }).data['errorUri']).toBeUndefined();
    expect((refused as { hint: string }).hint).not.toContain('javascript');
  });

  it('invalid_grant deletes nothing when newer tokens were stored meanwhile, and uses those', async () => {
    const holder: { vault?: Vault } = {};
    const newer = record({ accessToken: 'access-new', refreshToken: 'refresh-new', expiresAt: 999_999_999, obtainedAt: 10_000 });
    const { manager, vault, key, needs } = await setUp(async () => {
      // Another process signs in again while our refresh is on its way.
      await holder.vault?.set(tokensKey('srv', ISSUER), JSON.stringify(newer));
      return json(400, { error: 'invalid_grant' });
    });
    holder.vault = vault;
    await expect(manager.current('srv', SERVER_URL, auth)).resolves.toMatchObject({ accessToken: 'access-new' });
    expect(JSON.parse((await vault.get(key)) ?? '{}')).toMatchObject({ refreshToken: 'refresh-new' });
    expect(needs).toEqual([]);
  });

  it('a passing failure keeps a token that has not expired yet', async () => {
    const { manager } = await setUp(() => Promise.reject(new TypeError('fetch failed')));
    const stillValid = await manager.current('srv', SERVER_URL, auth).catch((e: unknown) => e);
    expect(stillValid).toMatchObject({ code: 'server_unavailable' });
  });
});

describe('TokenManager refresh with a dynamic, confidential registration', () => {
  const dynamic = { clientSource: 'dynamic' as const, authMethod: 'client_secret_basic' as const, clientId: 'dyn-1' };
  function registration(clientId: string, secret: string): string {
    return JSON.stringify({ v: 1, issuer: ISSUER, clientId, clientSecret: secret, authMethod: 'client_secret_basic', redirectUris: [], grantTypes: [], registeredAt: 0 });
  }
  /** A token endpoint that accepts only dyn-1 with its secret (HTTP Basic, RFC 6749 §2.3.1). */
  const tokenEndpoint: FetchLike = (_url, init) => {
    const basic = new Headers(init?.headers).get('authorization') ?? '';
    const [id, secret] = Buffer.from(basic.replace(/^Basic /, ''), 'base64').toString().split(':').map(decodeURIComponent);
    const ok = id === 'dyn-1' && secret === 'secret-1';
    return Promise.resolve(ok ? rotated() : json(401, { error: 'invalid_client' }));
  };
  async function refreshWith(stored: [VaultKey, string][]) {
    const { manager, vault, key } = await setUp(tokenEndpoint);
    await vault.set(key, JSON.stringify(record(dynamic)));
    for (const [k, v] of stored) await vault.set(k, v);
    return manager.current('srv', SERVER_URL, auth);
  }

  it('finds its own registration among several of the same issuer', async () => {
    // Another server's registration, made after this one's (it used to take the issuer's only slot).
    const fresh = await refreshWith([
      [registrationKey(ISSUER, 'dyn-1'), registration('dyn-1', 'secret-1')],
      [registrationKey(ISSUER, 'dyn-2'), registration('dyn-2', 'secret-2')],
    ]);
    expect(fresh).toMatchObject({ accessToken: 'access-2' });
  });

  it('finds a registration stored by earlier versions (one slot per issuer)', async () => {
    expect(await refreshWith([[registrationKey(ISSUER), registration('dyn-1', 'secret-1')]])).toMatchObject({ accessToken: 'access-2' });
  });

  it('is auth_required when only another client\'s registration is left', async () => {
    await expect(refreshWith([[registrationKey(ISSUER), registration('dyn-2', 'secret-2')]])).rejects.toMatchObject({
      code: 'auth_required',
      message: expect.stringContaining('client registration is gone') as unknown,
    });
  });
});

/** Deletes every auth lock file: what another process would see after our lock is lost. */
function loseLocks(dir: string): void {
  const locks = join(dir, 'auth-locks');
  for (const name of readdirSync(locks)) rmSync(join(locks, name), { recursive: true, force: true });
}

/** A vault whose `onRead(n, dir)` runs at the n-th read; the third is the re-read under the file lock. */
function countingReads(onRead: (n: number, dir: string) => void) {
  return (real: Vault, dir: string): Vault => {
    let reads = 0;
    return {
      get: (key) => {
        onRead((reads += 1), dir);
        return real.get(key);
      },
      set: (key, value) => real.set(key, value),
      delete: (key) => real.delete(key),
      keys: (filter) => real.keys(filter),
      compareAndSet: (key, expected, value) => real.compareAndSet(key, expected, value),
      compareAndDelete: (key, expected) => real.compareAndDelete(key, expected),
      health: () => real.health(),
      checkHealth: () => real.checkHealth(),
      on: (event, listener) => real.on(event, listener),
      close: () => real.close(),
    };
  };
}

const rotated = (): Response =>
  new Response(JSON.stringify({ access_token: 'access-2', refresh_token: 'refresh-2', token_type: 'bearer', expires_in: 60 }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('TokenManager checks its cross-process lock around a refresh', () => {
  it('never spends the refresh token once the lock is lost', async () => {
    let tokenRequests = 0;
    const { manager, vault, key } = await setUp(
      () => {
        tokenRequests += 1;
        return Promise.resolve(rotated());
      },
      countingReads((n, dir) => {
        if (n === 3) loseLocks(dir);
      }),
    );
    await expect(manager.current('srv', SERVER_URL, { type: 'oauth' })).rejects.toMatchObject({ message: expect.stringContaining('taken over') as unknown });
    expect(tokenRequests).toBe(0);
    expect(JSON.parse((await vault.get(key)) ?? '{}')).toMatchObject({ refreshToken: 'refresh-1' });
  });

  it('a lock lost during the request is reported, and the rotated token is still kept (the old one is spent)', async () => {
    let lockDir = '';
    const { manager, vault, key, logs, dir } = await setUp(() => {
      loseLocks(lockDir);
      return Promise.resolve(rotated());
    });
    lockDir = dir;
    const fresh = await manager.current('srv', SERVER_URL, { type: 'oauth' });
    expect(fresh).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(logs.join('\n')).toContain('lock on its token record was lost');
    expect(JSON.parse((await vault.get(key)) ?? '{}')).toMatchObject({ refreshToken: 'refresh-2' });
  });
});
