import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, tokensKey, type AuthCoordinator, type AuthStatusChange } from '../../electron/auth';
import { createPool, type Pool } from '../../electron/pool';
import type { Vault } from '../../electron/vault';
import type { McpConfig } from '../../shared/config';
import { PUBLIC_CLIENT } from '../fixtures/oauth/constants';
import { openTestVault, scriptedBrowser, startStack, type ScriptedBrowser, type Stack } from '../support/oauth-harness';
import { tempDir, textOf } from '../support/server-harness';
import { rejection } from '../support/rejection';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const auth = { type: 'oauth' as const, clientId: PUBLIC_CLIENT.clientId };

interface SetUp {
  stack: Stack;
  coordinator: AuthCoordinator;
  pool: Pool;
  browser: ScriptedBrowser;
  statuses: [string, AuthStatusChange][];
  vault: Vault;
  config: { type: 'http'; url: string; auth: typeof auth };
}

async function setUp(stackOptions: Parameters<typeof startStack>[0] = {}): Promise<SetUp> {
  const stack = await startStack(stackOptions);
  cleanups.push(() => stack.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const browser = scriptedBrowser();
  const statuses: [string, AuthStatusChange][] = [];
  const coordinator = createAuthCoordinator({ vault, dataDir, opener: browser.opener, onStatus: (server, status) => statuses.push([server, status]) });
  cleanups.push(() => coordinator.close());
  // The seam: the HTTP transport of the pool uses the coordinator's fetch.
  const pool = createPool({ cacheDir: tempDir('auth-pool-'), httpFetch: (name, config) => coordinator.fetchFor(name, config) });
  cleanups.push(() => pool.close());
  const config = { type: 'http' as const, url: stack.mcp.url, auth };
  const mcpConfig: McpConfig = { mcpServers: { remote: config } };
  await pool.apply(mcpConfig);
  return { stack, coordinator, pool, browser, statuses, config, vault };
}


describe('auth through the pool: the HTTP transport gets its credentials from the coordinator', () => {
  it('needs_auth before connect, calls tools after, needs_auth again once the grant is revoked', async () => {
    const { stack, coordinator, pool, browser, statuses, config, vault } = await setUp();
    const before = await rejection(pool.start('remote'));
    expect(before.code).toBe('auth_required');
    expect(before.hint).toContain('connected-services connect remote');
    expect(pool.status('remote').state).toBe('needs_auth');
    expect(browser.visits).toHaveLength(0);

    await coordinator.connect('remote', config);
    await pool.start('remote');
    expect(pool.status('remote').state).toBe('ready');
    expect(textOf(await pool.callTool('remote', 'echo', { text: 'hello' }))).toBe('echo: hello');

    const record = JSON.parse((await vault.get(tokensKey('remote', stack.as.issuer))) ?? '{}') as { accessToken?: string };
    expect(await stack.as.revokeGrantOf(record.accessToken ?? '')).toBe(true);
    statuses.length = 0;
    const after = await rejection(pool.callTool('remote', 'echo', { text: 'again' }));
    expect(after.code).toBe('auth_required');
    expect(pool.status('remote').state).toBe('needs_auth');
    expect(statuses.some(([server, s]) => server === 'remote' && s.state === 'needs_auth')).toBe(true);
    // Nothing opened a browser by itself.
    expect(browser.visits).toHaveLength(1);
  });

  it('step-up: a 403 insufficient_scope marks needs_auth with the union of scopes; the next sign-in asks for them', async () => {
    const { coordinator, pool, browser, statuses, config } = await setUp();
    await coordinator.connect('remote', config);
    await pool.start('remote');
    statuses.length = 0;

    const error = await rejection(pool.callTool('remote', 'admin', {}));
    expect(error).toMatchObject({ code: 'auth_required', data: { requiredScopes: ['mcp:read', 'mcp:admin'] } });
    expect(pool.status('remote').state).toBe('needs_auth');
    expect(statuses).toEqual([['remote', expect.objectContaining({ state: 'needs_auth', scopes: ['mcp:read', 'offline_access', 'mcp:admin'] })]]);
    expect(await coordinator.status('remote', config)).toMatchObject({ needsAuth: true, pendingScopes: ['mcp:read', 'offline_access', 'mcp:admin'] });
    expect(browser.visits).toHaveLength(1);

    await coordinator.connect('remote', config);
    const asked = new URL(browser.visits[1]?.url ?? '').searchParams.get('scope')?.split(' ');
    expect(asked).toEqual(expect.arrayContaining(['mcp:read', 'mcp:admin', 'offline_access']));
    await pool.start('remote');
    expect(textOf(await pool.callTool('remote', 'admin', {}))).toBe('admin ok');
    expect(await coordinator.status('remote', config)).toMatchObject({ needsAuth: false, scopes: ['mcp:read', 'mcp:admin'] });
  });

  it('step-up is bounded: scopes the AS withholds after being asked end in denied, without a loop', async () => {
    const { stack, coordinator, pool, browser, config } = await setUp();
    stack.as.knobs.withheldScopes = ['mcp:admin'];
    await coordinator.connect('remote', config);
    await pool.start('remote');
    expect((await rejection(pool.callTool('remote', 'admin', {}))).code).toBe('auth_required');
    await coordinator.connect('remote', config);
    await pool.start('remote');

    const forbiddenBefore = stack.mcp.counts.forbidden;
    const final = await rejection(pool.callTool('remote', 'admin', {}));
    expect(final.code).toBe('denied');
    expect(final.message).toContain('did not grant');
    expect(stack.mcp.counts.forbidden).toBe(forbiddenBefore + 1);
    // Other tools keep working; no further sign-in was started.
    expect(pool.status('remote').state).toBe('ready');
    expect(textOf(await pool.callTool('remote', 'echo', { text: 'still here' }))).toBe('echo: still here');
    expect(browser.visits).toHaveLength(2);
    expect(await coordinator.status('remote', config)).toMatchObject({ needsAuth: false });
  });
});
