import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Vault } from '../../shared/vault';
import { openVault } from '../vault';
import type { CoreContext } from './core-context';
import { DEFAULT_AUTH_LOCK } from './file-lock';
import type { FetchLike } from './http';
import { KeyedMutex } from './keyed-mutex';
import { TokenManager } from './token-manager';
import { tokensKey, type TokenRecord } from './token-record';

const vaults: Vault[] = [];
afterEach(async () => {
  await Promise.all(vaults.splice(0).map((v) => v.close()));
});

const ISSUER = 'https://as.test';
const SERVER_URL = 'https://mcp.test/mcp';

const RECORD: TokenRecord = {
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
};

/** Deletes every auth lock file: what another process would see after our lock is lost. */
function loseLocks(dir: string): void {
  const locks = join(dir, 'auth-locks');
  for (const name of readdirSync(locks)) rmSync(join(locks, name), { recursive: true, force: true });
}

/** `onRead(n)` runs at the n-th vault read; the third is the re-read under the file lock. */
async function setUp(fetch: FetchLike, onRead: (n: number, dir: string) => void = () => undefined) {
  const dir = mkdtempSync(join(tmpdir(), 'cs-auth-lock-'));
  const real = await openVault({ dataDir: join(dir, 'data'), provider: 'memory' });
  vaults.push(real);
  let reads = 0;
  const vault: Vault = {
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
  const logs: string[] = [];
  const core: CoreContext = {
    vault,
    dataDir: dir,
    fetch,
    now: () => 10_000,
    log: (line) => void logs.push(line),
    lock: DEFAULT_AUTH_LOCK,
    mutex: new KeyedMutex(),
    resolveSecret: (_server, value) => Promise.resolve(value),
    markNeedsAuth: () => undefined,
    markConnected: () => undefined,
    remember: () => undefined,
  };
  const key = tokensKey('srv', ISSUER);
  await real.set(key, JSON.stringify(RECORD));
  return { manager: new TokenManager(core), vault: real, key, logs, dir };
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
      (n, dir) => {
        if (n === 3) loseLocks(dir);
      },
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
