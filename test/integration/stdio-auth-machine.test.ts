/**
 * Credentials that need no person, handed to programs on this computer: client credentials (RFC 6749
 * §4.4) from the oidc-provider fixture with short-lived tokens, and API keys from the vault; each through
 * `${token}` (the Node fixture reads its environment) and `credentialFile` (the Python fixture reads the
 * file on every call), against a small API that accepts only valid ones.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, stdioAuthTarget, tokensKey } from '../../electron/auth';
import { secretKey } from '../../electron/vault';
import type { StdioServerConfig } from '../../shared/config';
import { vaultKey } from '../../shared/vault';
import { startAuthorizationServer, type AuthServer } from '../fixtures/oauth/authorization-server';
import { CC_BASIC_CLIENT, CC_POST_CLIENT } from '../fixtures/oauth/constants';
import { startTokenApi, type TokenApi } from '../fixtures/stdio-auth/token-api';
import { openTestVault } from '../support/oauth-harness';
import { rejection } from '../support/rejection';
import { textOf } from '../support/server-harness';
import { credentialPool, tokenEnvServer, tokenFileServer, type StdioAuthSetUp } from '../support/stdio-auth-pool';
import { fileRenewals, overlappingCalls, who } from '../support/token-callers';

/**
 * Short-lived tokens, renewed every few seconds (refresh margin: a quarter of their life). Long enough that
 * the margin (2 s) covers a restart of the Node fixture and a call in flight; oidc-provider's expiry is
 * whole seconds from the time of issue, so a token may end up to a second before the app counts.
 */
const TTL_S = 8;
const GOOD_KEY = 'notes-key-7c1d9e2b4a6f8035';
const WRONG_KEY = 'notes-key-wrong-0000000000';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(servers: (as: AuthServer, api: TokenApi) => Record<string, StdioServerConfig>): Promise<StdioAuthSetUp> {
  const as = await startAuthorizationServer({ accessTokenTtl: TTL_S });
  cleanups.push(() => as.close());
  const api = await startTokenApi(as.issuer, { apiKeys: [GOOD_KEY] });
  cleanups.push(() => api.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  await vault.set(secretKey('CC_BASIC_SECRET'), CC_BASIC_CLIENT.clientSecret);
  await vault.set(secretKey('CC_POST_SECRET'), CC_POST_CLIENT.clientSecret);
  const coordinator = createAuthCoordinator({ vault, dataDir, opener: () => Promise.reject(new Error('nothing here opens a browser')) });
  cleanups.push(() => coordinator.close());
  const configs = servers(as, api);
  const { pool, runtimeDir, logs } = await credentialPool(coordinator, configs, 'stdio-machine');
  cleanups.push(() => pool.close());
  return { as, api, vault, coordinator, pool, runtimeDir, logs, configs };
}

/** Every access token the authorization server issued (the API saw them all) and the secrets behind them. */
function expectNothingSecret(s: StdioAuthSetUp, texts: string[], secrets: string[]): void {
  const all = [...new Set([...s.api.requests.map((r) => r.token).filter((t) => t !== ''), ...secrets])];
  expect(all.length).toBeGreaterThan(0);
  const seen = [...texts, ...s.logs, JSON.stringify(s.pool.statuses())];
  for (const secret of all) for (const text of seen) expect(text).not.toContain(secret);
}

describe('stdio auth: client credentials (RFC 6749 §4.4) for programs on this computer', () => {
  it('${token}: obtained without a person, renewed across several expiries between calls only, never during one', async () => {
    const s = await setUp((as, api) => ({
      machine: tokenEnvServer(api, { type: 'client_credentials', issuer: as.issuer, clientId: CC_BASIC_CLIENT.clientId, clientSecret: '${secret:CC_BASIC_SECRET}' }),
    }));
    const { pool, as, api } = s;
    // No sign-in: the first call gets a token by itself.
    const first = who(textOf(await pool.callTool('machine', 'whoami', {})));
    expect(first).toMatchObject({ status: 200, body: { client_id: CC_BASIC_CLIENT.clientId } });
    expect(as.counts.token['client_credentials']).toBe(1);

    const { pids, errors } = await overlappingCalls(pool, 'machine', Date.now() + 3 * TTL_S * 1000);
    pids.add(first.pid);
    // A restart during a call would have failed it; an expired token would have been refused by the API.
    expect(errors).toEqual([]);
    expect(pids.size).toBeGreaterThanOrEqual(3);
    expect(api.requests.every((r) => r.status === 200)).toBe(true);
    expect(new Set(api.requests.map((r) => r.token)).size).toBeGreaterThanOrEqual(3);
    // One grant per renewal, none wasted on calls that overlapped it.
    expect(as.counts.token['client_credentials']).toBe(new Set(api.requests.map((r) => r.token)).size);
    expect(as.counts.tokenErrors).toEqual({});
    expect(s.logs.some((line) => line.includes('restarting it to hand it a renewed credential'))).toBe(true);
    expectNothingSecret(s, [], [CC_BASIC_CLIENT.clientSecret]);
  }, 60_000);

  it('credentialFile: the same program reads a renewed token from its file across several expiries', async () => {
    const s = await setUp((as, api) => ({
      machine: tokenFileServer(
        api,
        { type: 'client_credentials', issuer: as.issuer, clientId: CC_POST_CLIENT.clientId, clientSecret: '${secret:CC_POST_SECRET}', tokenEndpointAuthMethod: 'client_secret_post' },
        'json',
      ),
    }));
    const { pool, as, api, runtimeDir } = s;
    const file = JSON.parse(textOf(await pool.callTool('machine', 'credential_file', {}))) as { path: string; mode: number };
    expect(file.mode).toBe(0o600);
    expect(file.path.startsWith(runtimeDir)).toBe(true);
    const content = JSON.parse(readFileSync(file.path, 'utf8')) as Record<string, unknown>;
    expect(content).toMatchObject({ token_type: expect.stringMatching(/^bearer$/i) as unknown });
    expect(typeof content['access_token']).toBe('string');

    const first = who(textOf(await pool.callTool('machine', 'whoami', {})));
    expect(first.body).toEqual({ client_id: CC_POST_CLIENT.clientId });
    const { inodes } = await fileRenewals(pool, 'machine', file.path, first.pid, Date.now() + 2.5 * TTL_S * 1000);
    expect(new Set(api.requests.map((r) => r.token)).size).toBeGreaterThanOrEqual(3);
    expect(inodes.size).toBeGreaterThanOrEqual(3);
    expect(api.requests.every((r) => r.status === 200)).toBe(true);
    expect(as.counts.tokenErrors).toEqual({});
    await pool.stop('machine');
    expectNothingSecret(s, [], [CC_POST_CLIENT.clientSecret]);
  }, 60_000);

  it('a wrong client secret: auth_required before spawn, naming the fix, the secret nowhere', async () => {
    const s = await setUp((as, api) => ({
      machine: tokenEnvServer(api, { type: 'client_credentials', issuer: as.issuer, clientId: CC_BASIC_CLIENT.clientId, clientSecret: '${secret:CC_WRONG}' }),
    }));
    await s.vault.set(secretKey('CC_WRONG'), 'not-the-client-secret-123456');
    const error = await rejection(s.pool.callTool('machine', 'whoami', {}));
    expect(error.code).toBe('auth_required');
    expect(error.hint).toBeDefined();
    expect(s.pool.status('machine').state).toBe('needs_auth');
    // The program never ran: the API saw nothing.
    expect(s.api.requests).toEqual([]);
    const tried = s.as.counts.tokenErrors['client_credentials:invalid_client'] ?? 0;
    expect(tried).toBeGreaterThanOrEqual(1);
    // Calls fail fast now: no retry storm against the authorization server.
    expect((await rejection(s.pool.callTool('machine', 'whoami', {}))).code).toBe('auth_required');
    expect(s.as.counts.tokenErrors).toEqual({ 'client_credentials:invalid_client': tried });
    for (const text of [JSON.stringify(error.toWire()), ...s.logs, JSON.stringify(s.pool.statuses())]) expect(text).not.toContain('not-the-client-secret-123456');
    expect(await s.vault.get(tokensKey('machine', s.as.issuer))).toBeUndefined();
  });
});

describe('stdio auth: an API key from the vault for programs on this computer', () => {
  it('is delivered as ${token} and as a credential file; without one, auth_required names where to store it', async () => {
    const s = await setUp((_as, api) => ({
      notes: tokenEnvServer(api, { type: 'api_key', key: '${secret:NOTES_KEY}' }),
      files: tokenFileServer(api, { type: 'api_key' }, 'token'),
    }));
    const { pool, vault, api } = s;
    const missing = await rejection(pool.callTool('notes', 'whoami', {}));
    expect(missing.code).toBe('auth_required');
    expect(missing.hint).toContain('connected-services secrets set NOTES_KEY');
    const missingFile = await rejection(pool.callTool('files', 'whoami', {}));
    expect(missingFile.code).toBe('auth_required');
    expect(missingFile.hint).toContain('"files/apiKey"');
    expect(api.requests).toEqual([]);

    await vault.set(secretKey('NOTES_KEY'), GOOD_KEY);
    await vault.set(vaultKey('files', 'apiKey'), GOOD_KEY);
    // What the hint says next: connect it (the tray's Connect, `connected-services connect NAME`), which starts it.
    expect(missing.hint).toContain('connected-services connect notes');
    for (const name of ['notes', 'files']) {
      await s.coordinator.connect(name, stdioAuthTarget(name, s.configs[name] ?? {}));
      await pool.start(name);
    }
    expect(who(textOf(await pool.callTool('notes', 'whoami', {})))).toMatchObject({ status: 200, body: { key: 'accepted' } });
    expect(who(textOf(await pool.callTool('files', 'whoami', {})))).toMatchObject({ status: 200, body: { key: 'accepted' } });
    const file = JSON.parse(textOf(await pool.callTool('files', 'credential_file', {}))) as { path: string; mode: number };
    expect(file.mode).toBe(0o600);
    expect(readFileSync(file.path, 'utf8')).toBe(GOOD_KEY);
    expect(api.requests.map((r) => r.token)).toEqual([GOOD_KEY, GOOD_KEY]);
    expectNothingSecret(s, [JSON.stringify(missing.toWire()), JSON.stringify(missingFile.toWire())], [GOOD_KEY]);
  }, 30_000);

  it('a wrong key the API refuses is auth_required with a hint to store the right one', async () => {
    const s = await setUp((_as, api) => ({
      notes: tokenEnvServer(api, { type: 'api_key', key: '${secret:NOTES_KEY}' }),
      files: tokenFileServer(api, { type: 'api_key' }, 'token'),
    }));
    await s.vault.set(secretKey('NOTES_KEY'), WRONG_KEY);
    await s.vault.set(vaultKey('files', 'apiKey'), WRONG_KEY);
    const error = await rejection(s.pool.callTool('notes', 'whoami', {}));
    expect(error.code).toBe('auth_required');
    expect(error.message).toBe('"notes" says its credentials were refused (401).');
    expect(error.hint).toContain('connected-services secrets set NOTES_KEY');
    expect(error.hint).not.toContain('sign in');
    const fileError = await rejection(s.pool.callTool('files', 'whoami', {}));
    expect(fileError.code).toBe('auth_required');
    expect(fileError.hint).toContain('"files/apiKey"');
    expect(s.api.requests.map((r) => r.status)).toEqual([401, 401]);
    expectNothingSecret(s, [JSON.stringify(error.toWire()), JSON.stringify(fileError.toWire())], [WRONG_KEY]);
  }, 30_000);
});
