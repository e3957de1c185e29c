import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CoreContext } from '../../electron/auth/core-context';
import { DEFAULT_AUTH_LOCK } from '../../electron/auth/file-lock';
import { ServerPeers } from '../../electron/auth/server-peers';
import { KeyedQueue } from '../../electron/fs-safe';
import type { FetchLike } from '../../electron/net';
import { openVault } from '../../electron/vault';
import type { Vault } from '../../shared/vault';

/**
 * What a TokenManager unit test gives it: an in-memory vault in a fresh folder, every endpoint reached
 * through `fetch`, a public reach, no lookups; the rest from `overrides` (a clock, a log, a vault wrapper).
 */
export async function tokenManagerCore(fetch: FetchLike, overrides: Partial<CoreContext> = {}, prefix = 'cs-auth-unit-'): Promise<{ core: CoreContext; vault: Vault; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const vault = await openVault({ dataDir: join(dir, 'data'), provider: 'memory' });
  const core: CoreContext = {
    vault, dataDir: dir, env: {}, fetch, endpointFetch: fetch, serverFetch: fetch,
    reachOf: () => Promise.resolve({ reach: 'public', pins: new Map() }), peers: new ServerPeers(), answerReach: () => undefined,
    resolver: () => Promise.reject(new Error('no lookup in these tests')), now: () => 10_000, log: () => undefined,
    lock: DEFAULT_AUTH_LOCK, mutex: new KeyedQueue(), resolveSecret: (_server, value) => Promise.resolve(value),
    markNeedsAuth: () => undefined, markConnected: () => undefined, remember: () => undefined,
    ...overrides,
  };
  return { core, vault, dir };
}
