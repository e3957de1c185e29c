import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator } from '../../electron/auth';
import { createPool } from '../../electron/pool';
import { secretKey } from '../../electron/vault';
import { startProtectedMcpServer } from '../fixtures/oauth/protected-mcp-server';
import { startZeroLifetimeAs, ZERO_CLIENT } from '../fixtures/oauth/zero-lifetime-as';
import { openTestVault } from '../support/oauth-harness';
import { tempDir, textOf } from '../support/server-harness';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('auth through the pool: a client-credentials token issued with expires_in 0', () => {
  it('serves the start it was fetched for, one token request per start and per later call, never a loop', async () => {
    const as = await startZeroLifetimeAs();
    cleanups.push(() => as.close());
    const mcp = await startProtectedMcpServer({ authorizationServers: [as.issuer], introspectionEndpoint: as.introspectionEndpoint });
    cleanups.push(() => mcp.close());
    as.resource.value = mcp.resource;
    const { vault, dataDir } = await openTestVault();
    cleanups.push(() => vault.close());
    await vault.set(secretKey('ZERO_SECRET'), ZERO_CLIENT.clientSecret);
    const coordinator = createAuthCoordinator({ vault, dataDir, opener: () => Promise.reject(new Error('client credentials never open a browser')) });
    cleanups.push(() => coordinator.close());
    const pool = createPool({ cacheDir: tempDir('zero-lifetime-'), httpFetch: (name, config) => coordinator.fetchFor(name, config) });
    cleanups.push(() => pool.close());
    const auth = { type: 'client_credentials' as const, clientId: ZERO_CLIENT.clientId, clientSecret: '${secret:ZERO_SECRET}' };
    await pool.apply({ mcpServers: { machine: { type: 'http', url: mcp.url, auth } } });

    // The start: handshake and listing, every request of it with the one token fetched for it.
    expect((await pool.start('machine')).state).toBe('ready');
    expect(as.issued).toEqual(['zero-1']);
    expect(new Set(as.introspected)).toEqual(new Set(['zero-1']));
    expect(as.introspected.length).toBeGreaterThanOrEqual(3);
    // Only the first request went without one: its 401 named the authorization server (RFC 9728 §5).
    expect(mcp.counts.unauthorized).toBe(1);

    // A call after the start: the token is expired by then, so one new one, taken at once.
    as.introspected.length = 0;
    expect(textOf(await pool.callTool('machine', 'echo', { text: 'once' }))).toBe('echo: once');
    expect(as.issued).toEqual(['zero-1', 'zero-2']);
    expect(new Set(as.introspected)).toEqual(new Set(['zero-2']));
    expect(mcp.counts.unauthorized).toBe(1);

    // The next start fetches anew: the last one's token is not carried over.
    await pool.stop('machine');
    as.introspected.length = 0;
    expect((await pool.start('machine')).state).toBe('ready');
    expect(as.issued).toEqual(['zero-1', 'zero-2', 'zero-3']);
    expect(new Set(as.introspected)).toEqual(new Set(['zero-3']));
    expect(as.introspected.length).toBeGreaterThanOrEqual(3);
    expect(mcp.counts.unauthorized).toBe(1);
  });
});
